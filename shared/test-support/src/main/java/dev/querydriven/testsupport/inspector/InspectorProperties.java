package dev.querydriven.testsupport.inspector;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The query inspector's settings.
 *
 * @param enabled whether a dev run serves it ({@code querydriven.inspector.enabled}; it
 * is never on when {@code spring.cassandra.contact-points} names a real cluster)
 * @param requests how many of the latest requests it keeps
 * @param statementsPerRequest how many statements of one request it keeps
 * @param ring the simulated ring the statements' partitions are placed on
 */
@ConfigurationProperties("querydriven.inspector")
record InspectorProperties(@DefaultValue("true") boolean enabled, @DefaultValue("200") int requests,
		@DefaultValue("1000") int statementsPerRequest, @DefaultValue Ring ring) {

	/**
	 * A ring of evenly spaced nodes, as a production cluster would place the same keys.
	 *
	 * @param nodes how many nodes ({@code node-1} to {@code node-N})
	 * @param replicationFactor how many replicas each partition has (3, as the Compose
	 * stack gives the services)
	 */
	record Ring(@DefaultValue("6") int nodes, @DefaultValue("3") int replicationFactor) {

	}

}
