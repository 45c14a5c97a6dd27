package dev.querydriven.iotsensors;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The service's own boundaries, checked on its bytecode (the rules every service shares
 * are in {@link IotSensorsConformanceTests}).
 */
class ArchitectureTests {

	private static final JavaClasses classes = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("dev.querydriven.iotsensors");

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
