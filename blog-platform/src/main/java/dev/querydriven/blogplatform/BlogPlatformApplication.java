package dev.querydriven.blogplatform;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The article's blog platform: synced copies of posts, comments, views, and a live table
 * migration.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class BlogPlatformApplication {

	public static void main(String[] args) {
		SpringApplication.run(BlogPlatformApplication.class, args);
	}

}
