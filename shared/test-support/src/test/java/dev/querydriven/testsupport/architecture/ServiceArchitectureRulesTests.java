package dev.querydriven.testsupport.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The settings rule, on two services made for it: one that follows the convention, one
 * that breaks it every way the rule knows.
 */
class ServiceArchitectureRulesTests {

	private static final String GOOD = "dev.querydriven.testsupport.architecture.good";

	private static final String BAD = "dev.querydriven.testsupport.architecture.bad";

	/** Records named after their feature, in its package, under the service's name. */
	@Test
	void settingsThatFollowTheConventionPass() {
		JavaClasses classes = new ClassFileImporter().importPackages(GOOD);
		assertThatNoException().isThrownBy(() -> ServiceArchitectureRules.forService("good-service", GOOD)
			.configurationPropertiesFollowTheConvention()
			.check(classes));
	}

	/** Every way of breaking the convention is reported. */
	@Test
	void everyBreachIsReported() {
		JavaClasses classes = new ClassFileImporter().importPackages(BAD);
		assertThatThrownBy(() -> ServiceArchitectureRules.forService("bad-service", BAD)
			.configurationPropertiesFollowTheConvention()
			.check(classes)).isInstanceOf(AssertionError.class)
			.hasMessageContaining(BAD + ".timeline.TimelineProperties is not a record")
			.hasMessageContaining(BAD + ".post.PostsProperties names the feature posts but sits in " + BAD
					+ ".post, not " + BAD + ".posts")
			.hasMessageContaining(BAD + ".timeline.TimelineSettings is named TimelineSettings, not TimelineProperties")
			.hasMessageContaining(BAD + ".seed.SeedProperties has the prefix querydriven.seed, not "
					+ "querydriven.bad-service.<feature>")
			.hasMessageContaining("BadApplication")
			.hasMessageContaining("FollowConfiguration")
			.hasMessageContaining("followSettings");
	}

}
