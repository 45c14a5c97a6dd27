package dev.querydriven.blogplatform;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The service's own boundaries, checked on its bytecode (the rules every service shares
 * are in {@link BlogPlatformConformanceTests}).
 */
class ArchitectureTests {

	private static final JavaClasses classes = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("dev.querydriven.blogplatform");

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

}
