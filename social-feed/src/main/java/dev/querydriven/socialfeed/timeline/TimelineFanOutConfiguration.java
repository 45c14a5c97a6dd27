package dev.querydriven.socialfeed.timeline;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modeling.dualwrite.StatementExecutor;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The fan-out writer, with its {@code querydriven.fanout.*} metrics. The fan-out is a
 * driver-level mechanism, constructed on the driver session (which it uses to check each
 * statement against the write rules); its statements run through the service's one
 * {@link StatementExecutor} (Spring Data's CQL template), so they are prepared, recorded
 * and translated like every other statement of the service.
 */
@Configuration(proxyBeanMethods = false)
public class TimelineFanOutConfiguration {

	/**
	 * A fan-out that never skips: whether an author is fanned out is decided before, from
	 * the sticky {@code high_fanout_authors} row (the policy's own advice: a sticky flag
	 * rather than a live count), and the same writer also removes copies and migrates
	 * followers, which must reach every recipient.
	 * @param session the session (infrastructure: the fan-out's statement checks)
	 * @param executor the service's statement executor
	 * @param properties the timeline settings
	 * @param registry the metrics registry
	 * @return the fan-out writer
	 */
	@Bean
	FanOut fanOut(CqlSession session, StatementExecutor executor, TimelineProperties properties,
			MeterRegistry registry) {
		return new FanOut(session, properties.fanOutConcurrency(), registry, new FanOutPolicy(Integer.MAX_VALUE - 1))
			.withExecutor(executor);
	}

}
