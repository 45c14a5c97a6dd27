package dev.querydriven.socialfeed;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

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

}
