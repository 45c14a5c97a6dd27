package dev.querydriven.embeddedcassandra;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a node's start and stop are read from what its process left: the log lines of a
 * port taken meanwhile, and the exit values of a clean stop.
 */
class NodeOutcomeTests {

	/**
	 * A port taken between its choice and the node's bind is recognised in the JVM's
	 * wording (storage, JMX) and in Cassandra's own (the native transport), so that the
	 * start tries other ports; any other failure is not retried.
	 */
	@Test
	void portTakenMeanwhileIsRecognisedInBothWordings() {
		assertThat(EmbeddedCassandra
			.portTaken(List.of("ERROR [main] CassandraDaemon.java:887 - Exception encountered " + "during startup",
					"java.lang.IllegalStateException: Failed to bind port 9042 on 127.0.0.1.")))
			.isTrue();
		assertThat(EmbeddedCassandra.portTaken(List.of("java.net.BindException: Address already in use"))).isTrue();
		assertThat(EmbeddedCassandra.portTaken(List.of("Invalid yaml: heap"))).isFalse();
	}

	/**
	 * A node that exited by itself (0) or drained on a SIGINT or SIGTERM (130, 143)
	 * stopped cleanly; a SIGKILL (137) or a crash (1) did not.
	 */
	@Test
	void drainedExitsAreCleanStops() {
		assertThat(List.of(0, 130, 143)).allMatch(EmbeddedCassandra::stoppedCleanly);
		assertThat(List.of(1, 137)).noneMatch(EmbeddedCassandra::stoppedCleanly);
	}

}
