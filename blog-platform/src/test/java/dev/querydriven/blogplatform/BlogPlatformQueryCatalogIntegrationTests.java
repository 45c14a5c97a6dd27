package dev.querydriven.blogplatform;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.CatalogCoverage;
import dev.querydriven.modelcheck.catalog.WritePattern;
import dev.querydriven.modelcheck.harness.AccessPatternTable;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.bucket.BucketAdvice;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.bucket.BucketSizeAdvisor;
import dev.querydriven.modeling.bucket.BucketTargets;
import dev.querydriven.testsupport.recording.StatementRecorder;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The query catalogue is the one place each statement's CQL is written, and it tells the
 * truth: every catalogued statement prepares against the live schema, every query
 * restricts its table's whole partition key and has a test, every table serves a
 * catalogued query (or is declared infrastructure) and names it in its comment, the
 * README's tables are generated from it, and the service executed exactly the catalogued
 * statements over the whole test run.
 *
 * <p>
 * Runs after every other test class of the module ({@code @Order}, with the class orderer
 * set in {@code junit-platform.properties}): the statement recorder has seen everything
 * the other tests made the service execute.
 */
@BlogPlatformIntegrationTest
@Order(Integer.MAX_VALUE)
class BlogPlatformQueryCatalogIntegrationTests {

	private final BlogPlatformQueryCatalog catalog = new BlogPlatformQueryCatalog();

	@Autowired
	private CqlSession session;

	@Autowired
	private StatementRecorder recorder;

	/**
	 * Every catalogued statement, query (with its variants) or write, prepares against
	 * the migrated schema.
	 */
	@Test
	void everyCataloguedStatementPrepares() {
		for (AccessPattern pattern : this.catalog.accessPatterns()) {
			for (String cql : pattern.statements()) {
				assertThat(this.session.prepare(cql).getResultSetDefinitions().size()).as(pattern.id()).isPositive();
			}
			assertThat(pattern.facts()).as("sizing facts of %s", pattern.id()).isNotNull();
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
		AccessPatternTable.verifyReadme(this.catalog, keyspace(), Path.of("README.md"));
	}

	/**
	 * Every catalogued query prepares against the live schema and binds its table's whole
	 * partition key.
	 */
	@Test
	void everyQueryRestrictsItsTablesWholePartitionKey() {
		for (AccessPattern query : this.catalog.accessPatterns()) {
			TableMetadata table = table(query.table());
			PreparedStatement prepared = this.session.prepare(query.cql());
			assertThat(prepared.getPartitionKeyIndices()).as(query.id()).hasSize(table.getPartitionKey().size());
			assertThat(query.cql()).as(query.id()).doesNotContainIgnoringCase("ALLOW FILTERING");
		}
	}

	/**
	 * Every table of the keyspace serves a catalogued query or is declared
	 * infrastructure.
	 */
	@Test
	void everyTableServesACataloguedQuery() {
		Set<String> served = this.catalog.accessPatterns()
			.stream()
			.map(AccessPattern::table)
			.collect(Collectors.toSet());
		Set<String> infrastructure = this.catalog.infrastructureTables().keySet();
		Set<String> tables = keyspace().getTables()
			.keySet()
			.stream()
			.map(CqlIdentifier::asInternal)
			.collect(Collectors.toSet());

		assertThat(tables).allSatisfy((table) -> assertThat(served.contains(table) || infrastructure.contains(table))
			.as(table + " serves no catalogued query")
			.isTrue());
		assertThat(tables).containsAll(served);
	}

	/** Each table's comment starts with the id of the query it serves. */
	@Test
	void tableCommentsNameTheirQuery() {
		for (AccessPattern query : this.catalog.accessPatterns()) {
			Object comment = table(query.table()).getOptions().get(CqlIdentifier.fromCql("comment"));
			assertThat(comment).as(query.table()).asString().startsWith(query.id() + ": ");
		}
	}

	/** Every catalogued query has a test (and repository method) carrying its id. */
	@Test
	void everyQueryHasATestAndARepositoryMethod() {
		JavaClasses classes = new ClassFileImporter().importPackages("dev.querydriven.blogplatform");
		Set<String> tested = new HashSet<>();
		Set<String> served = new HashSet<>();
		classes.forEach((javaClass) -> {
			boolean isTest = javaClass.getSimpleName().endsWith("Tests");
			Set<String> ids = isTest ? tested : served;
			javaClass.tryGetAnnotationOfType(ServesQuery.class).ifPresent((mark) -> ids.addAll(List.of(mark.value())));
			javaClass.getMethods()
				.forEach((method) -> method.tryGetAnnotationOfType(ServesQuery.class)
					.ifPresent((mark) -> ids.addAll(List.of(mark.value()))));
		});
		Set<String> ids = this.catalog.accessPatterns().stream().map(AccessPattern::id).collect(Collectors.toSet());

		assertThat(tested).containsAll(ids);
		assertThat(served).containsAll(ids);
		assertThat(ids).containsAll(tested).containsAll(served);
	}

	/**
	 * The bucket-size advisor, fed Q5's declared facts, chooses the month buckets the
	 * table uses.
	 */
	@Test
	void declaredFactsJustifyMonthBuckets() {
		AccessPattern bucketed = this.catalog.accessPatterns()
			.stream()
			.filter((query) -> query.id().equals("Q5"))
			.findFirst()
			.orElseThrow();

		BucketAdvice advice = BucketSizeAdvisor.advise(bucketed.facts().writesPerSecondPerPartition(),
				bucketed.facts().averageRowBytes(), BucketTargets.DEFAULT);

		assertThat(advice.granularity()).isEqualTo(BucketGranularity.MONTH);
		assertThat(advice.withinTarget()).isTrue();
		assertThat(advice.rowsPerPartition()).isLessThan(bucketed.facts().rowsPerPartition() * 1.1);
	}

	/**
	 * The legacy table's departures from the rules are declared as reviewed exemptions.
	 */
	@Test
	void legacyTableIsAnExemptedAntiPattern() {
		Map<String, String> checks = this.catalog.exemptions()
			.stream()
			.collect(Collectors.toMap((exemption) -> exemption.check(), (exemption) -> exemption.table()));

		assertThat(checks).containsEntry("partition-size", "posts_by_category_v1")
			.containsEntry("distribution", "posts_by_category_v1")
			.containsEntry("tombstones", "posts_by_category_v1");
		assertThat(this.catalog.accessPatterns()).filteredOn((query) -> query.table().equals("posts_by_category_v1"))
			.singleElement()
			.satisfies((query) -> assertThat(query.facts().bounded()).isFalse());
	}

	private KeyspaceMetadata keyspace() {
		return this.session.getMetadata().getKeyspace(this.catalog.keyspace()).orElseThrow();
	}

	private TableMetadata table(String name) {
		return keyspace().getTable(name).orElseThrow(() -> new AssertionError("No table " + name));
	}

}
