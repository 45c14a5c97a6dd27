package dev.querydriven.ecommerceorders;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.CatalogCoverage;
import dev.querydriven.modelcheck.catalog.WritePattern;
import dev.querydriven.modelcheck.harness.AccessPatternTable;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.testsupport.recording.StatementRecorder;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The query catalogue is the one place each statement's CQL is written, and it tells the
 * truth: every catalogued statement is valid CQL for the service's role (the guardrails
 * would refuse a scan), every table names its query in its comment, every
 * {@code @ServesQuery} id is catalogued, the README's tables are generated from it, and
 * the service executed exactly the catalogued statements over the whole test run.
 *
 * <p>
 * Runs after every other test class of the module ({@code @Order}, with the class orderer
 * set in {@code junit-platform.properties}): the statement recorder has seen everything
 * the other tests made the service execute.
 */
@EcommerceOrdersIntegrationTest
@Order(Integer.MAX_VALUE)
class EcommerceOrdersQueryCatalogIntegrationTests {

	private final EcommerceOrdersQueryCatalog catalog = new EcommerceOrdersQueryCatalog();

	@Autowired
	private CqlSession session;

	@Autowired
	private StatementRecorder recorder;

	/**
	 * Every catalogued statement, query or write, prepares against the migrated schema.
	 */
	@Test
	void everyCataloguedStatementPrepares() {
		for (AccessPattern pattern : this.catalog.accessPatterns()) {
			for (String cql : pattern.statements()) {
				assertThat(this.session.prepare(cql).getResultSetDefinitions().size()).as(pattern.id()).isPositive();
			}
			assertThat(pattern.facts()).as("sizing facts of %s", pattern.id()).isNotNull();
			assertThat(pattern.facts().bounded()).as("%s is bounded", pattern.id()).isTrue();
		}
		for (WritePattern write : this.catalog.writePatterns()) {
			assertThat(this.session.prepare(write.cql()).getVariableDefinitions().size()).as(write.id()).isPositive();
		}
	}

	/**
	 * Over the whole test run the service executed exactly the catalogued statements:
	 * none that the catalogue does not list (a query nobody designed a table for), and
	 * every one it lists (none is documentation only). Statements compare by shape, as
	 * Spring Data renders its own text.
	 */
	@Test
	void serviceExecutedExactlyTheCataloguedStatements() {
		assertThat(this.recorder.awaitQuiet(Duration.ofSeconds(10))).isTrue();
		CatalogCoverage coverage = CatalogCoverage.of(this.catalog, this.recorder.applicationStatements());
		assertThat(coverage.complete())
			.as("This check covers the whole test run of the module (run all its tests):%n%s", coverage.describe())
			.isTrue();
	}

	/**
	 * The README's access-pattern tables are generated from the catalogue and the live
	 * schema (regenerate with {@code -Dquerydriven.update-generated=true}).
	 */
	@Test
	void readmeAccessPatternTablesAreUpToDate() {
		AccessPatternTable.verifyReadme(this.catalog,
				this.session.getMetadata().getKeyspace(this.catalog.keyspace()).orElseThrow(), Path.of("README.md"));
	}

	/**
	 * Every table of the keyspace serves a catalogued query (or is infrastructure) and
	 * its comment names that query.
	 */
	@Test
	void everyTableServesACataloguedQuery() {
		Set<String> tables = this.session
			.execute("SELECT table_name, comment FROM system_schema.tables WHERE keyspace_name = ?",
					this.catalog.keyspace())
			.all()
			.stream()
			.filter((row) -> !this.catalog.infrastructureTables().containsKey(row.getString("table_name")))
			.peek(this::commentNamesItsQuery)
			.map((row) -> row.getString("table_name"))
			.collect(Collectors.toSet());
		assertThat(tables).containsExactlyInAnyOrderElementsOf(
				this.catalog.accessPatterns().stream().map(AccessPattern::table).collect(Collectors.toSet()));
	}

	/**
	 * Every query id named by code or tests is in the catalogue, and every one is named.
	 */
	@Test
	void servesQueryMarksNameCataloguedQueries() {
		Set<String> catalogued = this.catalog.accessPatterns()
			.stream()
			.map(AccessPattern::id)
			.collect(Collectors.toSet());
		Set<String> marked = new ClassFileImporter().importPackages("dev.querydriven.ecommerceorders")
			.stream()
			.map(JavaClass::reflect)
			.flatMap((type) -> Arrays.stream(type.getDeclaredMethods()))
			.map((Method method) -> method.getAnnotation(ServesQuery.class))
			.filter((annotation) -> annotation != null)
			.flatMap((annotation) -> Arrays.stream(annotation.value()))
			.collect(Collectors.toSet());
		assertThat(marked).containsExactlyInAnyOrderElementsOf(catalogued);
	}

	private void commentNamesItsQuery(Row table) {
		String name = table.getString("table_name");
		AccessPattern pattern = this.catalog.accessPatterns()
			.stream()
			.filter((candidate) -> candidate.table().equals(name))
			.findFirst()
			.orElseThrow(() -> new AssertionError("No catalogued query is served by " + name));
		assertThat(table.getString("comment")).as("comment of %s", name).startsWith(pattern.id() + ":");
	}

}
