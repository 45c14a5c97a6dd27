package dev.querydriven.embeddedcassandra;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
	 * A node that fails to bind a port drains on its way out, and the drain's lines push
	 * the bind error out of the log tail: the port taken is still recognised, so that the
	 * start tries other ports.
	 */
	@Test
	void aPortTakenIsRememberedPastTheLogTail(@TempDir Path directory) {
		EmbeddedCassandra node = EmbeddedCassandra.builder().directory(directory).build();
		node.record("ERROR [main] CassandraDaemon.java:887 - Exception encountered during startup");
		node.record("java.lang.IllegalStateException: Failed to bind port 9042 on 127.0.0.1.");
		for (int i = 0; i < 200; i++) {
			node.record("INFO  Completed flushing system_schema.tables for commitlog position " + i);
		}
		assertThat(EmbeddedCassandra.portTaken(node.logTail())).as("the tail alone").isFalse();
		assertThat(node.portTakenSinceLaunch()).isTrue();
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
