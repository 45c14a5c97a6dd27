package dev.querydriven.socialfeed;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.querydriven.socialfeed.timeline.TimelineFanOutConfiguration;
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
		.importPackages("dev.querydriven.socialfeed");

	/**
	 * The shared rules, with three CQL-template exceptions: the fan-out, a driver-level
	 * mechanism, is constructed on the driver session and checks each statement against
	 * the write rules with it; the home timeline's reads run on the CQL template with row
	 * mappers, measured to cost a fifth less client CPU per request than the entity
	 * template.
	 */
	private static final ServiceArchitectureRules rules = ServiceArchitectureRules.forService("social-feed",
			"dev.querydriven.socialfeed",
			new CqlTemplateException(TimelineFanOutConfiguration.class,
					"constructs the FanOut on the driver session (infrastructure)"),
			new CqlTemplateException(classes.get("dev.querydriven.socialfeed.timeline.FanOut").reflect(),
					"the fan-out mechanism checks each statement against the write rules on the driver session; "
							+ "its statements run through the service's executor"),
			new CqlTemplateException(classes.get("dev.querydriven.socialfeed.timeline.TimelineRepository").reflect(),
					"the home timeline's reads, the service's hottest, on the CQL template: measured faster"));

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
	 * No CqlSession, Row or RowMapper outside the listed exceptions: rows are mapped to
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
	 * feature's package, bound under {@code querydriven.social-feed.<feature>} and
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
	 * The features do not depend on each other in a cycle: the post and follow features
	 * keep the timeline's copies in sync through the modeling library's {@code Copy}
	 * interface, which the timeline implements for their {@code PostChange} and
	 * {@code FollowChange}.
	 */
	@Test
	void featuresAreFreeOfCycles() {
		rules.featuresAreFreeOfCycles().check(classes);
	}

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
