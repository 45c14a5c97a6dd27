package dev.querydriven.servicesupport.cassandra;

import java.nio.file.Path;

import dev.querydriven.embeddedcassandra.EmbeddedCassandra;

/**
 * The node a test of this module starts for itself (the tests' shared node lives in
 * test-cassandra, which builds on this module): a throwaway node, run for speed and
 * deleted when its JVM ends, with a heap small enough for several test JVMs on one
 * machine.
 */
public final class TestNodes {

	private TestNodes() {
	}

	/**
	 * A builder for the node, to be given anything more the test needs (TLS, say).
	 * @param directory the node's directory
	 * @return the builder
	 */
	public static EmbeddedCassandra.Builder throwaway(Path directory) {
		return EmbeddedCassandra.builder().directory(directory).throwaway(true).heap("512m");
	}

	/**
	 * The node's address as {@code spring.cassandra.contact-points} takes it.
	 * @param node the node
	 * @return {@code host:port}
	 */
	public static String contactPoint(EmbeddedCassandra node) {
		return node.contactPoint().getHostString() + ":" + node.contactPoint().getPort();
	}

}
