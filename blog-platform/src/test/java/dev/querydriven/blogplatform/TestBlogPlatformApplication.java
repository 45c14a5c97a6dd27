package dev.querydriven.blogplatform;

import dev.querydriven.testsupport.devrun.EmbeddedCassandraDevConfiguration;

import org.springframework.boot.SpringApplication;

/**
 * The dev run: the service as it runs in production, plus a real Cassandra node of its
 * own, started as a child process and keeping its data between runs, and demo data. It
 * lives with the tests, as Spring Boot's dev-time services do, so that the production jar
 * never carries a database: {@code ./mvnw -Prun -pl blog-platform -am package} builds and
 * starts it, {@code ./mvnw -pl blog-platform spring-boot:test-run} starts it once the
 * project is installed, and an IDE runs this class.
 */
public final class TestBlogPlatformApplication {

	private TestBlogPlatformApplication() {
	}

	public static void main(String[] args) {
		SpringApplication.from(BlogPlatformApplication::main).with(EmbeddedCassandraDevConfiguration.class).run(args);
	}

}
