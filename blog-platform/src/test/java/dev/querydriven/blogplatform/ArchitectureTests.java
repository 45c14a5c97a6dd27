package dev.querydriven.blogplatform;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.querydriven.testsupport.architecture.CqlTemplateException;
import dev.querydriven.testsupport.architecture.ServiceArchitectureRules;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The service's boundaries, checked on its bytecode: the rules every service shares, and
 * its own.
 */
class ArchitectureTests {

	private static final JavaClasses classes = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("dev.querydriven.blogplatform");

	/**
	 * The shared rules, with the two classes of the table migration as CQL-template
	 * exceptions: every table the features own is read and written through Spring Data
	 * entities (the counters included: read as entities, incremented with
	 * {@code Update.increment}).
	 */
	private static final ServiceArchitectureRules rules = ServiceArchitectureRules.forService("blog-platform",
			"dev.querydriven.blogplatform",
			new CqlTemplateException(type("migration.MigrationConfiguration"),
					"constructs the migration engine on the driver session (infrastructure: its state tables, "
							+ "job leases and token-range scans have no entity)"),
			new CqlTemplateException(type("migration.PostsByCategoryMigration"),
					"the engine's TableMigration contract is driver-level: it scans token ranges and hands the "
							+ "engine driver rows and statements, which Spring Data's entity API cannot express"));

	/**
	 * The service depends on no other service: only on the shared modules and libraries.
	 */
	@Test
	void dependsOnNoOtherService() {
		rules.servicesAreIndependent().check(classes);
	}

	/** Spring Data's templates are used by repositories only. */
	@Test
	void templatesOnlyInRepositories() {
		rules.templatesOnlyInRepositories().check(classes);
	}

	/**
	 * No CqlSession, Row or RowMapper outside the listed exceptions: rows are mapped to
	 * entities by Spring Data.
	 */
	@Test
	void noRawDriverAccess() {
		rules.noRawDriverAccess().check(classes);
	}

	/** Nothing blocks: the service is reactive end to end. */
	@Test
	void noBlockingCalls() {
		rules.noBlockingCalls().check(classes);
	}

	/** Services and repositories know no HTTP types: only controllers and mappers do. */
	@Test
	void noWebTypesBelowControllers() {
		rules.noWebTypesBelowControllers().check(classes);
	}

	/** Nothing reads the system clock: time comes from the one TimeSource. */
	@Test
	void noSystemClock() {
		rules.noSystemClock().check(classes);
	}

	/**
	 * The service's settings are records named {@code <Feature>Properties} in their
	 * feature's package, bound under {@code querydriven.blog-platform.<feature>} and
	 * registered by the application's {@code @ConfigurationPropertiesScan}.
	 */
	@Test
	void configurationPropertiesFollowTheConvention() {
		rules.configurationPropertiesFollowTheConvention().check(classes);
	}

	/** Repositories are reached through their feature's service only. */
	@Test
	void repositoriesArePackagePrivate() {
		rules.repositoriesArePackagePrivate().check(classes);
	}

	/**
	 * The features do not depend on each other in a cycle: the post feature keeps every
	 * copy in sync through the modeling library's {@code Copy} interface, which the
	 * others implement for a version of its post.
	 */
	@Test
	void featuresAreFreeOfCycles() {
		rules.featuresAreFreeOfCycles().check(classes);
	}

	/** The post feature, which owns the source of truth, depends on no other feature. */
	@Test
	void postFeatureDependsOnNoOtherFeature() {
		noClasses().that()
			.resideInAPackage("dev.querydriven.blogplatform.post..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("dev.querydriven.blogplatform.author..", "dev.querydriven.blogplatform.category..",
					"dev.querydriven.blogplatform.comment..", "dev.querydriven.blogplatform.migration..",
					"dev.querydriven.blogplatform.seed..")
			.check(classes);
	}

	/**
	 * A package-private class of the service, by its name under the service's package.
	 */
	private static Class<?> type(String name) {
		try {
			return Class.forName("dev.querydriven.blogplatform." + name);
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
