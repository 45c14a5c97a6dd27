package dev.querydriven.iotsensors;

import dev.querydriven.testsupport.devrun.EmbeddedCassandraDevConfiguration;

import org.springframework.boot.SpringApplication;

/**
 * The dev run: the service as it runs in production, plus a real Cassandra node of its
 * own, started as a child process and keeping its data between runs, and demo data. It
 * lives with the tests, as Spring Boot's dev-time services do, so that the production jar
 * never carries a database: {@code ./mvnw -Prun -pl iot-sensors -am package} builds and
 * starts it, {@code ./mvnw -pl iot-sensors spring-boot:test-run} starts it once the
 * project is installed, and an IDE runs this class.
 *
 * <p>
 * The query catalogue comes along, so that the query inspector ({@code /inspector}, on in
 * every dev run) names each statement's query and holds each request to its route's
 * partition budget.
 */
public final class TestIotSensorsApplication {

	private TestIotSensorsApplication() {
	}

	public static void main(String[] args) {
		SpringApplication.from(IotSensorsApplication::main)
			.with(EmbeddedCassandraDevConfiguration.class, IotSensorsQueryCatalog.class)
			.run(args);
	}

}
