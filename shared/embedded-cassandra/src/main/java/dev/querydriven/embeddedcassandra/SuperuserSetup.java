package dev.querydriven.embeddedcassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import com.datastax.oss.driver.api.core.CqlSession;

/**
 * Replaces the well-known {@code cassandra/cassandra} login of a new node with a
 * generated password kept in the node's directory. Cassandra creates that default
 * superuser asynchronously after startup, so logging in is retried until it succeeds or
 * the deadline passes.
 */
final class SuperuserSetup {

	private static final String DEFAULT_SUPERUSER = "cassandra";

	private SuperuserSetup() {
	}

	static Credentials secure(List<InetSocketAddress> contactPoints, String datacenter, Path credentialsFile,
			Duration timeout) {
		return secure(contactPoints, datacenter, credentialsFile, 1, timeout);
	}

	/**
	 * Secures the superuser of a new ring: {@code system_auth} first gets a replica on up
	 * to three nodes (one replica, the default, would make every login depend on one
	 * node), then the password changes and every node must accept it before the cluster
	 * counts as started.
	 */
	static Credentials secureCluster(List<InetSocketAddress> contactPoints, String datacenter, Path credentialsFile,
			int nodes, Duration timeout) {
		Credentials superuser = secure(contactPoints, datacenter, credentialsFile, Math.min(3, nodes), timeout);
		awaitLoginEverywhere(contactPoints, datacenter, superuser, timeout);
		return superuser;
	}

	private static Credentials secure(List<InetSocketAddress> contactPoints, String datacenter, Path credentialsFile,
			int authReplicas, Duration timeout) {
		try {
			if (Files.isRegularFile(credentialsFile)) {
				Credentials stored = Credentials.readFrom(credentialsFile);
				try (CqlSession session = CassandraLogin.open(contactPoints, datacenter, stored, timeout)) {
					return stored;
				}
			}
			Credentials generated = Credentials.generate(DEFAULT_SUPERUSER);
			Credentials initial = new Credentials(DEFAULT_SUPERUSER, DEFAULT_SUPERUSER);
			try (CqlSession session = CassandraLogin.open(contactPoints, datacenter, initial, timeout)) {
				if (authReplicas > 1) {
					session
						.execute("ALTER KEYSPACE system_auth WITH replication = {'class': 'NetworkTopologyStrategy', '"
								+ datacenter + "': " + authReplicas + "}");
				}
				// The password is generated (URL-safe Base64), never user input.
				session.execute("ALTER ROLE " + DEFAULT_SUPERUSER + " WITH PASSWORD = '" + generated.password() + "'");
			}
			generated.writeTo(credentialsFile);
			return generated;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Waits until a session holds connections to every node: the new password reaches the
	 * other nodes as a write to {@code system_auth}, and a node that has not applied it
	 * yet refuses it.
	 */
	private static void awaitLoginEverywhere(List<InetSocketAddress> contactPoints, String datacenter,
			Credentials superuser, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			try (CqlSession session = CassandraLogin.open(contactPoints, datacenter, superuser, timeout)) {
				boolean everywhere = session.getMetadata()
					.getNodes()
					.values()
					.stream()
					.allMatch((node) -> node.getOpenConnections() > 0);
				if (everywhere && session.getMetadata().getNodes().size() == contactPoints.size()) {
					return;
				}
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("Not every node accepts the new superuser password within " + timeout);
			}
			try {
				Thread.sleep(250);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("Interrupted while waiting for the new superuser password", ex);
			}
		}
	}

}
