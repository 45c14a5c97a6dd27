package dev.querydriven.embeddedcassandra;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * A parent process for {@link NoOrphanIntegrationTests}: starts a node, reports its
 * process id and waits to be killed.
 */
final class OrphanProbe {

	private OrphanProbe() {
	}

	public static void main(String[] args) throws InterruptedException {
		EmbeddedCassandra node = EmbeddedCassandra.builder().directory(Path.of(args[0])).build().start();
		System.out.println("CASSANDRA_PID=" + node.processHandle().pid());
		System.out.flush();
		new CountDownLatch(1).await();
	}

}
