package dev.querydriven.embeddedcassandra;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLContext;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;

/**
 * Opens an administrative CQL session (provisioning, tools, tests), retrying while a node
 * that has just started still refuses the login.
 */
public final class CassandraLogin {

	private static final int QUIET_PERIOD_MILLIS = 100;

	private static final int SHUTDOWN_TIMEOUT_MILLIS = 15_000;

	private CassandraLogin() {
	}

	/**
	 * Connects, retrying failed attempts until {@code retryFor} has passed.
	 * @param contactPoints the nodes to contact
	 * @param datacenter the local datacenter
	 * @param credentials the login
	 * @param retryFor how long to keep retrying (zero: one attempt)
	 * @return an open session, which the caller closes
	 */
	public static CqlSession open(List<InetSocketAddress> contactPoints, String datacenter, Credentials credentials,
			Duration retryFor) {
		return open(contactPoints, datacenter, credentials, null, retryFor);
	}

	/**
	 * Connects to a keyspace, retrying failed attempts until {@code retryFor} has passed.
	 * The keyspace is the session's from the start (switching with {@code USE} later is
	 * an anti-pattern the driver warns about).
	 * @param contactPoints the nodes to contact
	 * @param datacenter the local datacenter
	 * @param credentials the login
	 * @param keyspace the session's keyspace, or {@code null} for none
	 * @param retryFor how long to keep retrying (zero: one attempt)
	 * @return an open session, which the caller closes
	 */
	public static CqlSession open(List<InetSocketAddress> contactPoints, String datacenter, Credentials credentials,
			String keyspace, Duration retryFor) {
		return open(contactPoints, datacenter, credentials, keyspace, null, retryFor);
	}

	/**
	 * Connects over TLS to a node whose CQL port speaks nothing else
	 * ({@link ClientEncryption}), retrying failed attempts until {@code retryFor} has
	 * passed.
	 * @param contactPoints the nodes to contact
	 * @param datacenter the local datacenter
	 * @param credentials the login
	 * @param keyspace the session's keyspace, or {@code null} for none
	 * @param sslContext the TLS context trusting the nodes' certificates, or {@code null}
	 * for clear text
	 * @param retryFor how long to keep retrying (zero: one attempt)
	 * @return an open session, which the caller closes
	 */
	public static CqlSession open(List<InetSocketAddress> contactPoints, String datacenter, Credentials credentials,
			String keyspace, SSLContext sslContext, Duration retryFor) {
		long deadline = System.nanoTime() + retryFor.toNanos();
		// A schema change's answer waits for the driver to refresh its schema metadata,
		// and the driver holds each refresh for a debounce window (1 s by default) to
		// fold a burst of changes into one. Whoever logs in here runs schema changes one
		// after the other (migrations, test keyspaces), so each would wait the whole
		// second: a short window keeps the folding and drops the wait.
		DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
			.withDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW, Duration.ofMillis(50))
			.withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(5))
			.withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(20))
			.withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(20))
			.withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(20))
			// Closing waits until the driver's event loops have been quiet for a while
			// (2 s by default), for tasks that a busy session may still hand them. An
			// administrative session closes once its last statement has answered: a
			// tenth of a second is plenty, where every node start, provisioning and
			// test session would otherwise wait the two seconds.
			.withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, QUIET_PERIOD_MILLIS)
			.withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_TIMEOUT, SHUTDOWN_TIMEOUT_MILLIS)
			.withString(DefaultDriverOption.NETTY_IO_SHUTDOWN_UNIT, TimeUnit.MILLISECONDS.name())
			.withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, QUIET_PERIOD_MILLIS)
			.withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_TIMEOUT, SHUTDOWN_TIMEOUT_MILLIS)
			.withString(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_UNIT, TimeUnit.MILLISECONDS.name())
			.build();
		while (true) {
			try {
				return CqlSession.builder()
					.addContactPoints(contactPoints)
					.withLocalDatacenter(datacenter)
					.withAuthCredentials(credentials.username(), credentials.password())
					.withConfigLoader(config)
					.withKeyspace(keyspace)
					.withSslContext(sslContext)
					.build();
			}
			catch (AllNodesFailedException ex) {
				if (System.nanoTime() > deadline) {
					throw ex;
				}
				// A new node creates its default superuser just after startup; try again
				// shortly.
				pause();
			}
		}
	}

	private static void pause() {
		try {
			Thread.sleep(250);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for Cassandra to accept a login", ex);
		}
	}

}
