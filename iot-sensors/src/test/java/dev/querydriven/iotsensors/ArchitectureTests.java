package dev.querydriven.iotsensors;

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
 * The service stands alone: it depends on the shared modules and libraries, never on
 * another service, and its feature packages do not depend on each other in cycles.
 */
class ArchitectureTests {

	private static final JavaClasses CLASSES = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("dev.querydriven.iotsensors");

	/**
	 * Within the project, only the service itself and the shared modules are allowed:
	 * never another service.
	 */
	@Test
	void dependsOnNoOtherService() {
		noClasses().that()
			.resideInAPackage("dev.querydriven.iotsensors..")
			.should()
			.dependOnClassesThat(resideInAPackage("dev.querydriven..")
				.and(not(resideInAnyPackage("dev.querydriven.iotsensors..", "dev.querydriven.modeling..",
						"dev.querydriven.servicesupport..", "dev.querydriven.embeddedcassandra.."))))
			.check(CLASSES);
	}

	/** Feature packages form no cycles (sensor ← reading, rollup ← ingestion ← seed). */
	@Test
	void featurePackagesAreFreeOfCycles() {
		slices().matching("dev.querydriven.iotsensors.(*)..").should().beFreeOfCycles().check(CLASSES);
	}

	/** Only repositories talk to the Cassandra driver's session. */
	@Test
	void onlyRepositoriesAndInfrastructureUseTheSession() {
		noClasses().that()
			.haveSimpleNameEndingWith("Controller")
			.or()
			.haveSimpleNameEndingWith("Service")
			.should()
			.dependOnClassesThat()
			.haveFullyQualifiedName("com.datastax.oss.driver.api.core.CqlSession")
			.check(CLASSES);
	}

}
