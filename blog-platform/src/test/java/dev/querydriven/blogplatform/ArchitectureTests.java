package dev.querydriven.blogplatform;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The service's shape: it depends on no other service, its features form no cycle, and
 * nothing blocks a reactive pipeline.
 */
class ArchitectureTests {

	private static final JavaClasses MAIN = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("dev.querydriven.blogplatform");

	/**
	 * The blog platform uses only its own code, the shared modules and libraries: no
	 * other service.
	 */
	@Test
	void dependsOnNoOtherService() {
		classes().should()
			.onlyDependOnClassesThat(resideOutsideOfPackage("dev.querydriven..")
				.or(resideInAnyPackage("dev.querydriven.blogplatform..", "dev.querydriven.modeling..",
						"dev.querydriven.servicesupport..", "dev.querydriven.embeddedcassandra..")))
			.check(MAIN);
		noClasses().should()
			.dependOnClassesThat()
			.resideInAnyPackage("dev.querydriven.socialfeed..", "dev.querydriven.ecommerceorders..",
					"dev.querydriven.iotsensors..")
			.check(MAIN);
	}

	/**
	 * Features depend on each other in one direction only (post knows none of the
	 * features copying it).
	 */
	@Test
	void featuresFormNoCycle() {
		slices().matching("dev.querydriven.blogplatform.(*)..").should().beFreeOfCycles().check(MAIN);
	}

	/** No production code blocks a reactive pipeline. */
	@Test
	void nothingBlocks() {
		noClasses().should()
			.callMethod(Mono.class, "block")
			.orShould()
			.callMethod(Flux.class, "blockFirst")
			.orShould()
			.callMethod(Flux.class, "blockLast")
			.check(MAIN);
	}

}
