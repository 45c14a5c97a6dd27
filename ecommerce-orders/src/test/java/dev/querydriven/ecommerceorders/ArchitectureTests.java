package dev.querydriven.ecommerceorders;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The service's boundaries, checked on its bytecode.
 */
class ArchitectureTests {

	private static final JavaClasses classes = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("dev.querydriven.ecommerceorders");

	/**
	 * The service depends on no other service: only on the shared modules and libraries.
	 */
	@Test
	void dependsOnNoOtherService() {
		noClasses().that()
			.resideInAPackage("dev.querydriven.ecommerceorders..")
			.should()
			.dependOnClassesThat(resideInAPackage("dev.querydriven..")
				.and(not(resideInAnyPackage("dev.querydriven.ecommerceorders..", "dev.querydriven.modeling..",
						"dev.querydriven.servicesupport..", "dev.querydriven.embeddedcassandra.."))))
			.check(classes);
	}

	/**
	 * The features do not depend on each other in a cycle: the order feature keeps every
	 * copy in sync through the {@code OrderCopy} interface that the others implement.
	 */
	@Test
	void featuresAreFreeOfCycles() {
		slices().matching("dev.querydriven.ecommerceorders.(*)..").should().beFreeOfCycles().check(classes);
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
