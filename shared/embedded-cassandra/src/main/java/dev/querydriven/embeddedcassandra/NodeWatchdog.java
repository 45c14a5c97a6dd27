package dev.querydriven.embeddedcassandra;

import java.io.IOException;

/**
 * The main class of the node's JVM. It starts {@code CassandraDaemon} and watches its
 * standard input, which the parent holds open: when the parent stops the node, exits, or
 * is killed (even with SIGKILL), the pipe closes and the node shuts down, so no orphan
 * Cassandra keeps running.
 *
 * <p>
 * This class is copied to the node's class path, which holds only Cassandra's jars: it
 * must use nothing but the JDK (no lambdas or nested classes either, which would be
 * further class files).
 */
public final class NodeWatchdog implements Runnable {

	private static final long HALT_AFTER_MILLIS = 30_000;

	private final boolean halter;

	private NodeWatchdog(boolean halter) {
		this.halter = halter;
	}

	/**
	 * Starts the watchdog, then Cassandra.
	 * @param args passed to {@code CassandraDaemon}
	 * @throws Exception when Cassandra cannot be started
	 */
	public static void main(String[] args) throws Exception {
		Thread watchdog = new Thread(new NodeWatchdog(false), "query-driven-watchdog");
		watchdog.setDaemon(true);
		watchdog.start();
		Class.forName("org.apache.cassandra.service.CassandraDaemon")
			.getMethod("main", String[].class)
			.invoke(null, (Object) args);
	}

	@Override
	public void run() {
		if (this.halter) {
			try {
				Thread.sleep(HALT_AFTER_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			Runtime.getRuntime().halt(1);
			return;
		}
		try {
			while (System.in.read() != -1) {
				// The parent never writes; end of stream means it is gone or wants the
				// node stopped.
			}
		}
		catch (IOException ex) {
			// A broken pipe means the same as end of stream.
		}
		Thread halter = new Thread(new NodeWatchdog(true), "query-driven-halter");
		halter.setDaemon(true);
		halter.start();
		System.exit(0);
	}

}
