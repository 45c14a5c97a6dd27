package dev.querydriven.testsupport.devrun;

import org.springframework.boot.autoconfigure.condition.AllNestedConditions;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Conditional;

/**
 * The inspector is on in a dev run unless switched off: never when
 * {@code spring.cassandra.contact-points} names a real cluster, so that a service pointed
 * at shared or production data never serves it.
 */
public final class OnInspectorCondition extends AllNestedConditions {

	OnInspectorCondition() {
		super(ConfigurationPhase.REGISTER_BEAN);
	}

	@ConditionalOnBooleanProperty(name = "querydriven.inspector.enabled", matchIfMissing = true)
	static class Enabled {

	}

	@Conditional(OnNoContactPointsCondition.class)
	static class NoContactPoints {

	}

}
