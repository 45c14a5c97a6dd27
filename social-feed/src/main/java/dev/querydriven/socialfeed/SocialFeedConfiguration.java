package dev.querydriven.socialfeed;

import java.time.Clock;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modeling.dualwrite.DualWriter;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The beans the features share. (Kept out of the application class, so that web slice
 * tests, which load the application class, do not need a Cassandra session.)
 */
@Configuration(proxyBeanMethods = false)
class SocialFeedConfiguration {

	/**
	 * Writes every denormalized copy of a post, a follow or an unfollow with one client
	 * timestamp.
	 * @param session the service's session
	 * @return the writer
	 */
	@Bean
	DualWriter dualWriter(CqlSession session) {
		return new DualWriter(session);
	}

	/**
	 * The clock requests read "now" from (UTC: every bucket is a UTC bucket).
	 * @return the system clock
	 */
	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

}
