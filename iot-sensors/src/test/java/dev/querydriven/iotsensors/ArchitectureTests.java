package dev.querydriven.iotsensors;

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
		.importPackages("dev.querydriven.iotsensors");

	/**
	 * The shared rules, with one CQL-template exception: the rollup repository maps the
	 * answer of Q5, an aggregate, by hand (the repository is package-private, so it is
	 * named by its class name here).
	 */
	private static final ServiceArchitectureRules rules = ServiceArchitectureRules.forService("iot-sensors",
			"dev.querydriven.iotsensors",
			new CqlTemplateException(classes.get("dev.querydriven.iotsensors.rollup.RollupRepository").reflect(),
					"Q5's answer is an aggregate of a raw hour (count, minima, maxima, means), not a row of any "
							+ "table, and an empty hour answers null aggregates: no entity maps it"));

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
	 * No CqlSession, Row or RowMapper (but in the listed exception): rows are mapped to
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
	 * feature's package, bound under {@code querydriven.iot-sensors.<feature>} and
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
	 * The features do not depend on each other in a cycle: the reading feature keeps
	 * every derived table in sync through the modeling library's {@code Copy} interface,
	 * which the others implement for its {@code ReadingChange}.
	 */
	@Test
	void featuresAreFreeOfCycles() {
		rules.featuresAreFreeOfCycles().check(classes);
	}

	/**
	 * The reading feature, which owns the raw readings, depends on no feature but the
	 * registry: the rollups follow it through their {@code Copy} of a
	 * {@code ReadingChange}.
	 */
	@Test
	void readingFeatureDependsOnNoFeatureDerivedFromIt() {
		noClasses().that()
			.resideInAPackage("dev.querydriven.iotsensors.reading..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("dev.querydriven.iotsensors.rollup..", "dev.querydriven.iotsensors.ingestion..",
					"dev.querydriven.iotsensors.seed..", "dev.querydriven.iotsensors.sizing..")
			.check(classes);
	}

}
