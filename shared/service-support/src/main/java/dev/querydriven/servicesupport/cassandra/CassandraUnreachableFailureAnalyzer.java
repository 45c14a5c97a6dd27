package dev.querydriven.servicesupport.cassandra;

import java.util.List;

import com.datastax.oss.driver.api.core.AllNodesFailedException;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.env.Environment;

/**
 * One message, instead of a driver stack trace, when a service starts and no Cassandra
 * node answers. A production build never starts a database of its own: without
 * {@code spring.cassandra.contact-points} it tries Spring Boot's default contact point
 * (127.0.0.1:9042), and the message says what to configure, or how to start the dev run,
 * which brings its own node.
 */
final class CassandraUnreachableFailureAnalyzer extends AbstractFailureAnalyzer<AllNodesFailedException> {

	private final Environment environment;

	CassandraUnreachableFailureAnalyzer(Environment environment) {
		this.environment = environment;
	}

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, AllNodesFailedException cause) {
		List<String> contactPoints = Binder.get(this.environment)
			.bind("spring.cassandra.contact-points", Bindable.listOf(String.class))
			.orElse(List.of());
		String service = this.environment.getProperty("spring.application.name", "<service>");
		String reason = firstLine(cause.getMessage());
		if (contactPoints.isEmpty()) {
			return new FailureAnalysis(
					"No Cassandra node answered at 127.0.0.1:9042, Spring Boot's default, because "
							+ "spring.cassandra.contact-points is not set (" + reason + ").",
					"Set spring.cassandra.contact-points (with spring.cassandra.local-datacenter, "
							+ "spring.cassandra.username and spring.cassandra.password) to your cluster, for example "
							+ "SPRING_CASSANDRA_CONTACT_POINTS=db1.example.com:9042. For a dev run with a Cassandra "
							+ "node of its own, start the service's test application: ./mvnw -Prun -pl " + service
							+ " -am package",
					cause);
		}
		return new FailureAnalysis(
				"No Cassandra node answered at " + String.join(", ", contactPoints)
						+ " (spring.cassandra.contact-points): " + reason + ".",
				"Check that those nodes run and are reachable from here, that spring.cassandra.local-datacenter "
						+ "names their datacenter, and that spring.cassandra.username and spring.cassandra.password "
						+ "are a login they accept.",
				cause);
	}

	private static String firstLine(String message) {
		String text = String.valueOf(message);
		int end = text.indexOf('\n');
		return (end < 0) ? text : text.substring(0, end);
	}

}
