package ${package};

import dev.querydriven.testsupport.devrun.EmbeddedCassandraDevConfiguration;

import org.springframework.boot.SpringApplication;

/**
 * The dev run: the service as it runs in production, plus a real Cassandra node of its
 * own, started as a child process and keeping its data between runs, and demo data. It
 * lives with the tests, as Spring Boot's dev-time services do, so that the production jar
 * never carries a database. The query catalogue comes along, so that the query inspector
 * ({@code /inspector}) names each statement's query and holds each request to its route's
 * partition budget. The README shows the commands that build and start it; an IDE runs
 * this class like any main class.
 */
public final class Test${serviceName}Application {

	/** The dev-time wiring: the node, started when no contact point is configured. */
	private static final Class<?> DEV_NODE = EmbeddedCassandraDevConfiguration.class;

	/** The query catalogue, for the query inspector. */
	private static final Class<?> CATALOGUE = ${serviceName}QueryCatalog.class;

	private Test${serviceName}Application() {
	}

	public static void main(String[] args) {
		SpringApplication.from(${serviceName}Application::main).with(DEV_NODE, CATALOGUE).run(args);
	}

}
