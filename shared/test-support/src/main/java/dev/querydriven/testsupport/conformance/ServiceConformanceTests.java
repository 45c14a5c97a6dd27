package dev.querydriven.testsupport.conformance;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.querydriven.modelcheck.Check;
import dev.querydriven.modelcheck.ExemptedFinding;
import dev.querydriven.modelcheck.Finding;
import dev.querydriven.modelcheck.ModelReport;
import dev.querydriven.modelcheck.Verdict;
import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.CatalogCoverage;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.catalog.WritePattern;
import dev.querydriven.modelcheck.harness.AccessPatternTable;
import dev.querydriven.modelcheck.harness.ModelCheckHarness;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.testsupport.EntitySchemaCheck;
import dev.querydriven.testsupport.architecture.ServiceArchitectureRules;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.hostile.HostileInput;
import dev.querydriven.testsupport.recording.StatementRecorder;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.cassandra.core.convert.CassandraConverter;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The conformance suite every service passes: the shared architecture rules on its
 * bytecode, its entities against the live schema, its query catalogue against the live
 * schema, its code and the statements it executed over the whole test run, the model
 * check's checklist, and the hostile-input suite generated from its OpenAPI document. A
 * service extends it once, in its root test package, with its one integration-test
 * annotation:
 *
 * <pre class="code">
 * &#64;SocialFeedIntegrationTest
 * &#64;Order(Integer.MAX_VALUE)
 * class SocialFeedConformanceTests extends ServiceConformanceTests {
 *
 *     &#64;Override
 *     protected QueryCatalog catalog() {
 *         return new SocialFeedQueryCatalog();
 *     }
 *
 *     &#64;Override
 *     protected ServiceArchitectureRules architecture() {
 *         return ServiceArchitectureRules.forService("social-feed", "dev.querydriven.socialfeed");
 *     }
 *
 *     &#64;Override
 *     protected HostileInput.Builder validRequests(HostileInput.Builder requests) {
 *         return requests.valid("GET /users/{userId}", request().path("userId", ...));
 *     }
 *
 * }
 * </pre>
 *
 * The subclass runs after every other test class of its module ({@code @Order}, with
 * {@code junit.jupiter.testclass.order.default=org.junit.jupiter.api.ClassOrderer$OrderAnnotation}
 * in its {@code junit-platform.properties}), and the comparison of the catalogue with the
 * executed statements runs last in it: by then the statement recorder has seen everything
 * the module's tests made the service execute. The service's main classes are those of
 * its catalogue's package, which is the service's root package.
 *
 * <p>
 * What only one service has stays with it: its own architecture rules, its row readers
 * (which need its data), its partition budgets and its measured volume of data.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public abstract class ServiceConformanceTests {

	@Autowired
	private CqlSession session;

	@Autowired
	private CassandraConverter converter;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	private QueryCatalog catalogue;

	private ServiceArchitectureRules rules;

	private JavaClasses mainClasses;

	/**
	 * The service's query catalogue (model-check's QueryCatalog, the service's src/test
	 * *QueryCatalog).
	 * @return the catalogue
	 */
	protected abstract QueryCatalog catalog();

	/**
	 * The shared architecture rules with the service's CQL-template exceptions:
	 * ServiceArchitectureRules.forService(...).
	 * @return the rules
	 */
	protected abstract ServiceArchitectureRules architecture();

	/**
	 * Adds a valid request for every operation of the service's OpenAPI document
	 * (HostileInput.Builder#valid ...).
	 * @param requests the suite of the service's keyspace, whose token cases are signed
	 * by the service's dev tokens
	 * @return the suite with a valid request for every operation
	 */
	protected abstract HostileInput.Builder validRequests(HostileInput.Builder requests);

	/**
	 * The warnings of the model check the service accepts, each with its reason.
	 * @return the accepted warnings (default: none)
	 */
	protected List<AcceptedWarning> acceptedWarnings() {
		return List.of();
	}

	/**
	 * The service's main classes, which the architecture rules judge.
	 * @return the classes of the catalogue's package and below, without the tests
	 */
	protected JavaClasses mainClasses() {
		return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages(servicePackage());
	}

	/**
	 * The service's test classes, which prove its queries.
	 * @return the test classes of the catalogue's package and below
	 */
	protected JavaClasses testClasses() {
		return new ClassFileImporter().withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
			.importPackages(servicePackage());
	}

	/**
	 * The text of every statement the service executed over the module's test run.
	 * @return what the statement recorder saw, once the service is quiet
	 */
	protected Collection<String> executedStatements() {
		assertThat(this.recorder.awaitQuiet(Duration.ofSeconds(10))).as("the service is quiet").isTrue();
		return this.recorder.applicationStatements();
	}

	/**
	 * The service depends on no other service: only on the shared modules and libraries.
	 */
	@Test
	void dependsOnNoOtherService() {
		rules().servicesAreIndependent().check(main());
	}

	/** Spring Data's templates are used by repositories only. */
	@Test
	void templatesOnlyInRepositories() {
		rules().templatesOnlyInRepositories().check(main());
	}

	/**
	 * No CqlSession, Row or RowMapper outside the service's listed CQL-template
	 * exceptions: rows are mapped to entities by Spring Data.
	 */
	@Test
	void noRawDriverAccess() {
		rules().noRawDriverAccess().check(main());
	}

	/** Nothing blocks: the service is reactive end to end. */
	@Test
	void noBlockingCalls() {
		rules().noBlockingCalls().check(main());
	}

	/** Services and repositories know no HTTP types: only controllers and mappers do. */
	@Test
	void noWebTypesBelowControllers() {
		rules().noWebTypesBelowControllers().check(main());
	}

	/** Nothing reads the system clock: time comes from the one TimeSource. */
	@Test
	void noSystemClock() {
		rules().noSystemClock().check(main());
	}

	/**
	 * The service's settings are records named {@code <Feature>Properties} in their
	 * feature's package, bound under {@code querydriven.<service>.<feature>} and
	 * registered by the application's {@code @ConfigurationPropertiesScan}.
	 */
	@Test
	void configurationPropertiesFollowTheConvention() {
		rules().configurationPropertiesFollowTheConvention().check(main());
	}

	/** Repositories are reached through their feature's service only. */
	@Test
	void repositoriesArePackagePrivate() {
		rules().repositoriesArePackagePrivate().check(main());
	}

	/**
	 * The features do not depend on each other in a cycle: a feature keeps the copies of
	 * its data in other features in sync through the modeling library's {@code Copy}
	 * interface, which they implement.
	 */
	@Test
	void featuresAreFreeOfCycles() {
		rules().featuresAreFreeOfCycles().check(main());
	}

	/**
	 * Every entity agrees with its live table or type, and every table of the keyspace
	 * but the catalogue's infrastructure has an entity.
	 */
	@Test
	void everyEntityMatchesTheLiveSchema() {
		assertThat(EntitySchemaCheck.mismatches(this.converter, keyspace())).isEmpty();
		// A shared module's tables (write intents, idempotency keys) are read and written
		// by the module's own statements, not by the service's entities.
		Set<String> shared = catalogue().accessPatterns()
			.stream()
			.filter((pattern) -> !pattern.id().startsWith("Q"))
			.map(AccessPattern::table)
			.collect(Collectors.toSet());
		assertThat(EntitySchemaCheck.unmappedTables(this.converter, keyspace()))
			.filteredOn((table) -> !shared.contains(table))
			.containsExactlyInAnyOrderElementsOf(catalogue().infrastructureTables().keySet());
	}

	/**
	 * Every catalogued statement, query (with its variants) or write, prepares against
	 * the migrated schema as the service's role (the guardrails would refuse a scan), and
	 * every query declares bounded sizing facts (or its table is exempted from the
	 * partition-size check).
	 */
	@Test
	void everyCataloguedStatementPrepares() {
		for (AccessPattern pattern : catalogue().accessPatterns()) {
			for (String cql : pattern.statements()) {
				PreparedStatement prepared = this.session.prepare(cql);
				// A query answers columns; a write served as an access pattern (a like,
				// say) binds variables.
				assertThat(isSelect(cql) ? prepared.getResultSetDefinitions().size()
						: prepared.getVariableDefinitions().size())
					.as(pattern.id())
					.isPositive();
			}
			assertThat(pattern.facts()).as("sizing facts of %s", pattern.id()).isNotNull();
			assertThat(pattern.facts().bounded() || exemptedFromPartitionSize(pattern.table()))
				.as("%s is bounded, or %s is exempted from the partition-size check", pattern.id(), pattern.table())
				.isTrue();
		}
		for (WritePattern write : catalogue().writePatterns()) {
			assertThat(this.session.prepare(write.cql()).getVariableDefinitions().size()).as(write.id()).isPositive();
		}
	}

	/**
	 * Every statement of a query reads the table the catalogue declares, binds that
	 * table's whole partition key, and never asks to filter.
	 */
	@Test
	void everyQueryReadsOnePartitionOfItsTable() {
		for (AccessPattern pattern : catalogue().accessPatterns()) {
			TableMetadata table = table(pattern.table());
			for (String cql : pattern.statements()) {
				PreparedStatement prepared = this.session.prepare(cql);
				assertThat(tableOf(prepared)).as("the table %s reads", pattern.id()).isEqualTo(pattern.table());
				assertThat(prepared.getPartitionKeyIndices())
					.as("%s binds the whole partition key of %s: %s", pattern.id(), pattern.table(), cql)
					.hasSize(table.getPartitionKey().size());
				assertThat(cql).as(pattern.id()).doesNotContainIgnoringCase("ALLOW FILTERING");
			}
		}
	}

	/**
	 * Every table of the keyspace serves a catalogued query or is declared
	 * infrastructure, and every query's table exists.
	 */
	@Test
	void everyTableServesACataloguedQuery() {
		Set<String> infrastructure = catalogue().infrastructureTables().keySet();
		Set<String> tables = keyspace().getTables()
			.keySet()
			.stream()
			.map(CqlIdentifier::asInternal)
			.filter((table) -> !infrastructure.contains(table))
			.collect(Collectors.toSet());
		assertThat(tables).as("the tables of %s but its infrastructure", catalogue().keyspace())
			.containsExactlyInAnyOrderElementsOf(
					catalogue().accessPatterns().stream().map(AccessPattern::table).collect(Collectors.toSet()));
	}

	/**
	 * Each table's comment starts with the id of the first query it serves and names
	 * every one of them.
	 */
	@Test
	void everyTableCommentNamesItsQueries() {
		Map<String, List<String>> queriesByTable = new LinkedHashMap<>();
		for (AccessPattern pattern : catalogue().accessPatterns()) {
			queriesByTable.computeIfAbsent(pattern.table(), (table) -> new ArrayList<>()).add(pattern.id());
		}
		queriesByTable.forEach((name, ids) -> {
			Object comment = table(name).getOptions().get(CqlIdentifier.fromCql("comment"));
			assertThat(comment).as("comment of %s", name)
				.asString()
				.containsPattern("^" + ids.get(0) + "[:,]")
				.satisfies((text) -> ids.forEach((id) -> assertThat(text).as("comment of %s names %s", name, id)
					.containsPattern("\\b" + id + "\\b")));
		});
	}

	/**
	 * Query ids are Q1, Q2, ... in catalogue order: unique, and numbered as the README
	 * lists them (a shared module's queries, such as the write intents' I1, keep their
	 * own ids).
	 */
	@Test
	void queryIdsAreNumberedInOrder() {
		List<String> ids = catalogue().accessPatterns()
			.stream()
			.map(AccessPattern::id)
			.filter((id) -> id.startsWith("Q"))
			.toList();
		assertThat(ids)
			.containsExactlyElementsOf(IntStream.rangeClosed(1, ids.size()).mapToObj((n) -> "Q" + n).toList());
	}

	/**
	 * Every query is served by a repository method marked with its id and proved by a
	 * test carrying it, and every {@code @ServesQuery} mark names a catalogued query.
	 */
	@Test
	void everyQueryIsServedByARepositoryAndProvedByATest() {
		Set<String> ids = catalogue().accessPatterns().stream().map(AccessPattern::id).collect(Collectors.toSet());
		assertThat(marks(main().stream())).as("the queries the main code names").isSubsetOf(ids);
		assertThat(marks(main().stream().filter((type) -> type.getSimpleName().endsWith("Repository"))))
			.as("the queries served by repository methods (a shared module serves its own)")
			.containsAll(ids.stream().filter((id) -> id.startsWith("Q")).toList());
		assertThat(marks(testClasses().stream())).as("the queries the tests prove")
			.containsExactlyInAnyOrderElementsOf(ids);
	}

	/**
	 * The README's access-pattern tables are generated from the catalogue and the live
	 * schema (regenerate with {@code -Dquerydriven.update-generated=true}).
	 */
	@Test
	void readmeAccessPatternTablesAreUpToDate() {
		AccessPatternTable.verifyReadme(catalogue(), keyspace(), Path.of("README.md"));
	}

	/**
	 * The model passes the guide's "Optimize &amp; Validate" checklist with no warning
	 * but those the service accepts, each of the catalogue's exemptions covers one
	 * finding, every query has a test, and {@code docs/model-report.*} are up to date
	 * (regenerate with {@code -Dquerydriven.update-generated=true}).
	 */
	@Test
	void modelPassesTheChecklist() {
		ModelReport report = ModelCheckHarness.of(catalogue(), this.session).testClassesOf(getClass()).verify();
		assertThat(report.testsChecked()).isTrue();
		assertThat(report.findings()).extracting(Finding::subject, Finding::rule, Finding::verdict)
			.containsExactlyInAnyOrderElementsOf(acceptedWarnings().stream()
				.map((warning) -> tuple(warning.subject(), warning.rule(), Verdict.WARN))
				.toList());
		assertThat(report.exempted()).extracting(ExemptedFinding::exemption)
			.containsExactlyInAnyOrderElementsOf(catalogue().exemptions());
	}

	/**
	 * Every operation of the service's OpenAPI document against hostile input: each
	 * request changes one thing of a valid one and must be a 4xx problem naming it, and
	 * afterwards the tables hold exactly what the valid requests wrote.
	 * @return the generated tests
	 */
	@TestFactory
	Stream<DynamicNode> everyOperationRefusesHostileInput() {
		return validRequests(
				HostileInput.against(this.client).keyspace(catalogue().keyspace()).tokens(this.callers.tokens()))
			.tests();
	}

	/**
	 * Over the whole test run of the module the service executed exactly the catalogued
	 * statements: none that the catalogue does not list (a query nobody designed a table
	 * for), and every one it lists (none is documentation only). Statements compare by
	 * shape, as Spring Data renders its own text.
	 */
	@Test
	@Order(Integer.MAX_VALUE)
	void serviceExecutedExactlyTheCataloguedStatements() {
		SuiteOrder.assertOrder(getClass(), Integer.MAX_VALUE, "Integer.MAX_VALUE",
				"after every other test class of its module");
		CatalogCoverage coverage = CatalogCoverage.of(catalogue(), executedStatements());
		assertThat(coverage.complete())
			.as("This check covers the whole test run of the module (run all its tests):%n%s", coverage.describe())
			.isTrue();
	}

	private QueryCatalog catalogue() {
		if (this.catalogue == null) {
			this.catalogue = catalog();
		}
		return this.catalogue;
	}

	private ServiceArchitectureRules rules() {
		if (this.rules == null) {
			this.rules = architecture();
		}
		return this.rules;
	}

	private JavaClasses main() {
		if (this.mainClasses == null) {
			this.mainClasses = mainClasses();
		}
		return this.mainClasses;
	}

	private String servicePackage() {
		return catalogue().getClass().getPackageName();
	}

	private KeyspaceMetadata keyspace() {
		return this.session.getMetadata().getKeyspace(catalogue().keyspace()).orElseThrow();
	}

	private TableMetadata table(String name) {
		return keyspace().getTable(name).orElseThrow(() -> new AssertionError("No table " + name));
	}

	private boolean exemptedFromPartitionSize(String table) {
		return catalogue().exemptions()
			.stream()
			.anyMatch((exemption) -> exemption.table().equals(table)
					&& (exemption.check().equals(Check.PARTITION_SIZE.id())
							|| exemption.check().equals("unbounded-partition")));
	}

	private static boolean isSelect(String cql) {
		return cql.strip().toUpperCase(Locale.ROOT).startsWith("SELECT");
	}

	/** The table a statement reads or writes, by its first bind variable or column. */
	private static String tableOf(PreparedStatement prepared) {
		ColumnDefinitions columns = (prepared.getVariableDefinitions().size() > 0) ? prepared.getVariableDefinitions()
				: prepared.getResultSetDefinitions();
		return columns.get(0).getTable().asInternal();
	}

	/** The query ids named by {@code @ServesQuery}, on the classes or their methods. */
	private static Set<String> marks(Stream<JavaClass> classes) {
		Set<String> ids = new TreeSet<>();
		classes.forEach((type) -> {
			type.tryGetAnnotationOfType(ServesQuery.class).ifPresent((mark) -> ids.addAll(List.of(mark.value())));
			type.getMethods()
				.forEach((method) -> method.tryGetAnnotationOfType(ServesQuery.class)
					.ifPresent((mark) -> ids.addAll(List.of(mark.value()))));
		});
		return ids;
	}

}
