package dev.querydriven.ecommerceorders;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
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
		.importPackages("dev.querydriven.ecommerceorders");

	/**
	 * The shared rules, with no CQL-template exception: every table of this service is
	 * read and written through Spring Data entities.
	 */
	private static final ServiceArchitectureRules rules = ServiceArchitectureRules.forService("ecommerce-orders",
			"dev.querydriven.ecommerceorders");

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

	/** No CqlSession, Row or RowMapper: rows are mapped to entities by Spring Data. */
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
	 * feature's package, bound under {@code querydriven.ecommerce-orders.<feature>} and
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
	 * The features do not depend on each other in a cycle: the order feature keeps every
	 * copy in sync through the modeling library's {@code Copy} interface, which the
	 * others implement for its {@code OrderChange}.
	 */
	@Test
	void featuresAreFreeOfCycles() {
		rules.featuresAreFreeOfCycles().check(classes);
	}

	/** The order feature, which owns the source of truth, depends on no other feature. */
	@Test
	void orderFeatureDependsOnNoOtherFeature() {
		noClasses().that()
			.resideInAPackage("dev.querydriven.ecommerceorders.order..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("dev.querydriven.ecommerceorders.user..", "dev.querydriven.ecommerceorders.product..",
					"dev.querydriven.ecommerceorders.fulfilment..", "dev.querydriven.ecommerceorders.seed..")
			.check(classes);
	}

}
