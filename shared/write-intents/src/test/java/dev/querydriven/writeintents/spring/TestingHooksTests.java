package dev.querydriven.writeintents.spring;

import java.time.Duration;
import java.util.Set;

import dev.querydriven.writeintents.WriteIntents;
import org.junit.jupiter.api.Test;

import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The fault hooks that halt a service after a source write, or delay its copies, exist
 * for the process tests only: without the {@code faults} profile a service refuses to
 * start with them, naming the properties.
 */
class TestingHooksTests {

	/** Without the profile, either hook refuses the start, naming the property. */
	@Test
	void hooksNeedTheFaultsProfile() {
		MockEnvironment production = new MockEnvironment();
		assertThatIllegalStateException()
			.isThrownBy(() -> WriteIntentsAutoConfiguration
				.hooks(new TestingHooksProperties(Set.of("order-placed"), Duration.ZERO), production))
			.withMessageContaining("querydriven.testing.halt-after")
			.withMessageContaining("'faults' profile");
		assertThatIllegalStateException()
			.isThrownBy(() -> WriteIntentsAutoConfiguration
				.hooks(new TestingHooksProperties(Set.of(), Duration.ofSeconds(5)), production))
			.withMessageContaining("querydriven.testing.delay-copies");
	}

	/** With the profile the hooks apply; without any hook, none is set. */
	@Test
	void hooksApplyUnderTheFaultsProfile() {
		MockEnvironment faults = new MockEnvironment();
		faults.setActiveProfiles("faults");
		assertThat(WriteIntentsAutoConfiguration
			.hooks(new TestingHooksProperties(Set.of("follow"), Duration.ofSeconds(2)), faults))
			.isEqualTo(new WriteIntents.Hooks(Set.of("follow"), Duration.ofSeconds(2)));
		assertThat(WriteIntentsAutoConfiguration.hooks(new TestingHooksProperties(Set.of(), Duration.ZERO),
				new MockEnvironment()))
			.isSameAs(WriteIntents.Hooks.NONE);
	}

}
