package dev.querydriven.socialfeed;

import java.time.Clock;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modeling.dualwrite.DualWriter;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;

/**
 * The reference guide's social media app: profiles, follows, posts, hashtags and a
 * fan-out-on-write timeline.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class SocialFeedApplication {

	public static void main(String[] args) {
		SpringApplication.run(SocialFeedApplication.class, args);
	}

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
