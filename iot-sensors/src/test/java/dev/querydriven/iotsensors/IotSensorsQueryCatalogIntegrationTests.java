package dev.querydriven.iotsensors;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
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
 * truth: every catalogued statement prepares against the live schema, every query reads
 * the declared table and binds its full partition key, every table names its queries in
 * its comment, every query is served by a repository method marked with its id, the
 * README's tables are generated from it, and the service executed exactly the catalogued
 * statements over the whole test run.
 *
 * <p>
 * Runs after every other test class of the module ({@code @Order}, with the class orderer
 * set in {@code junit-platform.properties}): the statement recorder has seen everything
 * the other tests made the service execute.
 */
@IotSensorsIntegrationTest
@Order(Integer.MAX_VALUE)
class IotSensorsQueryCatalogIntegrationTests {

	private final IotSensorsQueryCatalog catalog = new IotSensorsQueryCatalog();

	@Autowired
	private CqlSession session;

	@Autowired
	private StatementRecorder recorder;

	/**
	 * Every catalogued statement, each query's forms and each write, prepares against the
	 * migrated schema.
	 */
	@Test
	void everyCataloguedStatementPrepares() {
		for (AccessPattern pattern : this.catalog.accessPatterns()) {
			for (String cql : pattern.statements()) {
				assertThat(this.session.prepare(cql).getResultSetDefinitions().size()).as(pattern.id()).isPositive();
			}
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
	 * Each query prepares on the real schema and restricts the whole partition key of its
	 * table.
	 */
	@Test
	void everyQueryReadsOnePartitionOfItsTable() {
		assertThat(this.catalog.accessPatterns()).extracting(AccessPattern::id)
			.containsExactly("Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7");
		for (AccessPattern pattern : this.catalog.accessPatterns()) {
			for (String cql : pattern.statements()) {
				PreparedStatement prepared = this.session.prepare(cql);
				assertThat(prepared.getVariableDefinitions().get(0).getTable().asInternal()).as(pattern.id())
					.isEqualTo(pattern.table());
			}
			PreparedStatement prepared = this.session.prepare(pattern.cql());
			TableMetadata table = this.session.getMetadata()
				.getKeyspace(this.catalog.keyspace())
				.flatMap((keyspace) -> keyspace.getTable(pattern.table()))
				.orElseThrow(() -> new AssertionError(pattern.id() + ": no table " + pattern.table()));
			assertThat(prepared.getVariableDefinitions().get(0).getTable().asInternal()).as(pattern.id())
				.isEqualTo(pattern.table());
			assertThat(prepared.getPartitionKeyIndices()).as(pattern.id() + " binds the whole partition key")
				.hasSize(table.getPartitionKey().size());
			assertThat(table.getOptions().get(CqlIdentifier.fromCql("comment")).toString())
				.as(pattern.id() + " is named in its table's comment")
				.contains(pattern.id());
			assertThat(pattern.facts()).as(pattern.id()).isNotNull();
			assertThat(pattern.facts().bounded()).as(pattern.id()).isTrue();
		}
	}

	/** Each query is served by a repository method that names it. */
	@Test
	void everyQueryIsServedByARepositoryMethod() {
		JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages("dev.querydriven.iotsensors");
		Set<String> served = new TreeSet<>();
		classes.stream()
			.filter((javaClass) -> javaClass.getSimpleName().endsWith("Repository"))
			.map((javaClass) -> javaClass.reflect())
			.flatMap((type) -> Arrays.stream(type.getDeclaredMethods()))
			.map((Method method) -> method.getAnnotation(ServesQuery.class))
			.filter((annotation) -> annotation != null)
			.forEach((annotation) -> served.addAll(List.of(annotation.value())));
		assertThat(served)
			.containsExactlyElementsOf(this.catalog.accessPatterns().stream().map(AccessPattern::id).toList());
	}

}
