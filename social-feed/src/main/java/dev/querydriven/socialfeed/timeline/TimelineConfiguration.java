package dev.querydriven.socialfeed.timeline;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modeling.fanout.FanOut;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The fan-out writer, with its {@code querydriven.fanout.*} metrics.
 */
@Configuration(proxyBeanMethods = false)
class TimelineConfiguration {

	@Bean
	FanOut fanOut(CqlSession session, TimelineProperties properties, MeterRegistry registry) {
		return new FanOut(session, properties.fanOutConcurrency(), registry);
	}

}
