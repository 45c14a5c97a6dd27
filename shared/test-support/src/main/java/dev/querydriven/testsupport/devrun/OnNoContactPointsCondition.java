package dev.querydriven.testsupport.devrun;

import java.util.List;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when {@code spring.cassandra.contact-points} is not configured: the signal that
 * no external Cassandra is meant and the embedded node should start.
 */
class OnNoContactPointsCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		boolean configured = Binder.get(context.getEnvironment())
			.bind("spring.cassandra.contact-points", Bindable.listOf(String.class))
			.map(List::isEmpty)
			.map((empty) -> !empty)
			.orElse(false);
		return configured ? ConditionOutcome.noMatch("spring.cassandra.contact-points is configured")
				: ConditionOutcome.match("spring.cassandra.contact-points is not configured");
	}

}
