package dev.querydriven.socialfeed;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The service's own boundaries, checked on its bytecode (the rules every service shares
 * are in {@link SocialFeedConformanceTests}).
 */
class ArchitectureTests {

	private static final JavaClasses classes = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("dev.querydriven.socialfeed");

	/**
	 * The post and follow features, which own the sources of truth, know nothing of
	 * timelines.
	 */
	@Test
	void sourcesOfTruthDependOnNoTimeline() {
		noClasses().that()
			.resideInAnyPackage("dev.querydriven.socialfeed.post..", "dev.querydriven.socialfeed.follow..",
					"dev.querydriven.socialfeed.user..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("dev.querydriven.socialfeed.timeline..", "dev.querydriven.socialfeed.seed..")
			.check(classes);
	}

}
