package dev.querydriven.blogplatform;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The article's blog platform: synced copies of posts, comments, views, and a live table
 * migration.
 */
@SpringBootApplication
public class BlogPlatformApplication {

	public static void main(String[] args) {
		SpringApplication.run(BlogPlatformApplication.class, args);
	}

}
