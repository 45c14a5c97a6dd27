package dev.querydriven.socialfeed;

import com.datastax.oss.driver.api.core.CqlSession;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The service stands alone: it depends on the shared modules and libraries only, never on
 * another service, and its features do not depend on each other in a cycle.
 */
class ArchitectureTests {

	private static final JavaClasses CLASSES = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("dev.querydriven.socialfeed");

	/** Only the shared modules and libraries: no other service. */
	@Test
	void dependsOnSharedModulesAndLibrariesOnly() {
		classes().should()
			.onlyDependOnClassesThat()
			.resideInAnyPackage("dev.querydriven.socialfeed..", "dev.querydriven.modeling..",
					"dev.querydriven.servicesupport..", "dev.querydriven.embeddedcassandra..", "java..", "javax..",
					"jakarta..", "org.springframework..", "reactor..", "com.datastax..", "io.micrometer..",
					"io.swagger..", "org.slf4j..", "org.mapstruct..")
			.check(CLASSES);
	}

	/** No class of another service is ever referenced. */
	@Test
	void neverReachesIntoAnotherService() {
		noClasses().should()
			.dependOnClassesThat()
			.resideInAnyPackage("dev.querydriven.ecommerce..", "dev.querydriven.ecommerceorders..",
					"dev.querydriven.iot..", "dev.querydriven.iotsensors..", "dev.querydriven.blog..",
					"dev.querydriven.blogplatform..")
			.check(CLASSES);
	}

	/**
	 * Features depend on each other in one direction only (timeline on post, follow and
	 * user; post and follow on user); what flows back goes through listener interfaces.
	 */
	@Test
	void featuresAreFreeOfCycles() {
		slices().matching("dev.querydriven.socialfeed.(*)..").should().beFreeOfCycles().check(CLASSES);
	}

	/** Repositories are the only classes that talk to Cassandra directly. */
	@Test
	void onlyRepositoriesPrepareStatements() {
		noClasses().that()
			.haveSimpleNameNotEndingWith("Repository")
			.and()
			.haveSimpleNameNotEndingWith("Configuration")
			.should()
			.callMethod(CqlSession.class, "prepare", String.class)
			.check(CLASSES);
	}

}
