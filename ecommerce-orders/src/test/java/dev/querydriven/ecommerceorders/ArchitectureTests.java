package dev.querydriven.ecommerceorders;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The service's own boundaries, checked on its bytecode (the rules every service shares
 * are in {@link EcommerceOrdersConformanceTests}).
 */
class ArchitectureTests {

	private static final JavaClasses classes = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("dev.querydriven.ecommerceorders");

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
