package dev.querydriven.testsupport.recording;

import com.datastax.oss.driver.api.core.CqlSession;

import dev.querydriven.testsupport.devrun.OnInspectorCondition;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.cassandra.autoconfigure.CassandraAutoConfiguration;
import org.springframework.boot.cassandra.autoconfigure.CqlSessionBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * The {@link StatementRecorder} with its driver tracker and its per-request web filter,
 * when {@code querydriven.statement-recorder.enabled} is set (the services' integration
 * tests set it) or when a dev run serves the query inspector, which shows what it
 * records. On the test class path only: a production jar records nothing.
 */
@AutoConfiguration(before = CassandraAutoConfiguration.class)
@ConditionalOnClass(CqlSession.class)
@Conditional(StatementRecorderAutoConfiguration.OnRecording.class)
public final class StatementRecorderAutoConfiguration {

	/**
	 * The recorder: the last interceptor, so that it tags only statements that are really
	 * sent.
	 * @return the recorder
	 */
	@Bean
	@Order(Ordered.LOWEST_PRECEDENCE)
	StatementRecorder statementRecorder() {
		return new StatementRecorder(10_000);
	}

	@Bean
	CqlSessionBuilderCustomizer statementRecorderTracker(StatementRecorder recorder) {
		return (builder) -> builder.addRequestTracker(recorder.tracker());
	}

	@Bean
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
	RecordingWebFilter recordingWebFilter() {
		return new RecordingWebFilter();
	}

	/** Tests ask for the recorder; a dev run's inspector needs it. */
	static final class OnRecording extends AnyNestedCondition {

		OnRecording() {
			super(ConfigurationPhase.REGISTER_BEAN);
		}

		@ConditionalOnBooleanProperty("querydriven.statement-recorder.enabled")
		static class Asked {

		}

		@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
		@Conditional(OnInspectorCondition.class)
		static class Inspected {

		}

	}

}
