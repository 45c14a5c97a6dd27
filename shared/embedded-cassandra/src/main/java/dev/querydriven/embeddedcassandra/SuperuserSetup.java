package dev.querydriven.embeddedcassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import javax.net.ssl.SSLContext;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replaces the well-known {@code cassandra/cassandra} login of a new node with a
 * generated password kept in the node's directory. Cassandra creates that default
 * superuser asynchronously after startup, so logging in is retried until it succeeds or
 * the deadline passes.
 *
 * <p>
 * A node that reopens its data logs in with the stored password. Should the node refuse
 * it while it still accepts the default one, the password change was lost (a node killed
 * before the change reached its disk, as older versions of this launcher allowed): the
 * change is made again from the stored file. A node that refuses both does not belong to
 * the stored file; that fails within seconds, saying which directory and what to do.
 */
final class SuperuserSetup {

	private static final Logger logger = LoggerFactory.getLogger(SuperuserSetup.class);

	private static final String DEFAULT_SUPERUSER = "cassandra";

	private static final Credentials DEFAULT_LOGIN = new Credentials(DEFAULT_SUPERUSER, DEFAULT_SUPERUSER);

	/**
	 * How long a started node may refuse every login before that is taken as final. A
	 * node creates its default superuser just after startup, so a brief refusal of the
	 * default login is normal; one that lasts is not.
	 */
	static final Duration REFUSAL_GRACE = Duration.ofSeconds(5);

	private static final Duration PAUSE = Duration.ofMillis(250);

	private SuperuserSetup() {
	}

	/**
	 * Secures the superuser of a lone node: over TLS with {@code sslContext} when the
	 * node speaks nothing else ({@link ClientEncryption}), in clear text when it is
	 * {@code null}.
	 */
	static Credentials secure(List<InetSocketAddress> contactPoints, String datacenter, Path credentialsFile,
			SSLContext sslContext, Duration timeout) {
		return secure(contactPoints, datacenter, credentialsFile, 1, sslContext, timeout);
	}

	/**
	 * Secures the superuser of a new ring: {@code system_auth} first gets a replica on up
	 * to three nodes (one replica, the default, would make every login depend on one
	 * node), then the password changes and every node must accept it before the cluster
	 * counts as started.
	 */
	static Credentials secureCluster(List<InetSocketAddress> contactPoints, String datacenter, Path credentialsFile,
			int nodes, Duration timeout) {
		Credentials superuser = secure(contactPoints, datacenter, credentialsFile, Math.min(3, nodes), null, timeout);
		awaitLoginEverywhere(contactPoints, datacenter, superuser, timeout);
		return superuser;
	}

	private static Credentials secure(List<InetSocketAddress> contactPoints, String datacenter, Path credentialsFile,
			int authReplicas, SSLContext sslContext, Duration timeout) {
		try {
			boolean stored = Files.isRegularFile(credentialsFile);
			Credentials superuser = stored ? Credentials.readFrom(credentialsFile)
					: Credentials.generate(DEFAULT_SUPERUSER);
			long deadline = System.nanoTime() + timeout.toNanos();
			long refusedSince = 0;
			while (true) {
				Login login = Login.attempt(contactPoints, datacenter, stored ? superuser : DEFAULT_LOGIN, sslContext);
				if (login.session() != null && stored) {
					login.session().close();
					return superuser;
				}
				if (login.session() != null) {
					replaceDefaultPassword(login.session(), datacenter, authReplicas, superuser);
					superuser.writeTo(credentialsFile);
					return superuser;
				}
				boolean refused = login.refused();
				if (refused && stored) {
					Login fallback = Login.attempt(contactPoints, datacenter, DEFAULT_LOGIN, sslContext);
					if (fallback.session() != null) {
						logger.warn("Cassandra in {} still had its default superuser password: the change to the "
								+ "password stored in {} was lost (the node was killed before it reached the disk); "
								+ "making it again", credentialsFile.getParent(), credentialsFile);
						replaceDefaultPassword(fallback.session(), datacenter, authReplicas, superuser);
						continue;
					}
					refused = fallback.refused();
					// Both logins refused by a running node: the stored file is not this
					// data's. Waiting longer changes nothing.
					refusedSince = !refused ? 0 : (refusedSince != 0) ? refusedSince : System.nanoTime();
					if (refused && System.nanoTime() - refusedSince > REFUSAL_GRACE.toNanos()) {
						throw new CassandraStartupException(bothRefused(credentialsFile), List.of(), login.failure());
					}
				}
				if (System.nanoTime() > deadline) {
					throw new CassandraStartupException(
							(refused && !stored) ? storedFileMissing(credentialsFile)
									: "Cassandra accepted no superuser login within " + timeout,
							List.of(), login.failure());
				}
				pause();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Replaces the default password (and, on a cluster, gives {@code system_auth} its
	 * replicas first). Closes the session.
	 */
	private static void replaceDefaultPassword(CqlSession session, String datacenter, int authReplicas,
			Credentials superuser) {
		try (session) {
			if (authReplicas > 1) {
				session.execute("ALTER KEYSPACE system_auth WITH replication = {'class': 'NetworkTopologyStrategy', '"
						+ datacenter + "': " + authReplicas + "}");
			}
			// The password is generated (URL-safe Base64), never user input.
			session.execute("ALTER ROLE " + DEFAULT_SUPERUSER + " WITH PASSWORD = '" + superuser.password() + "'");
		}
	}

	private static String bothRefused(Path credentialsFile) {
		return "Cassandra in " + credentialsFile.getParent() + " refuses both the superuser login stored in "
				+ credentialsFile + " and the default one: that file does not belong to this node's data (copied "
				+ "from another node, or the data replaced). Put back the file that belongs to this data, or delete "
				+ credentialsFile.getParent() + " to start afresh (its data is lost)";
	}

	private static String storedFileMissing(Path credentialsFile) {
		return "Cassandra in " + credentialsFile.getParent() + " refuses the default superuser login, and "
				+ credentialsFile + " holding the password it was given is missing. Put that file back, or delete "
				+ credentialsFile.getParent() + " to start afresh (its data is lost)";
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
			pause();
		}
	}

	private static void pause() {
		try {
			Thread.sleep(PAUSE.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for Cassandra to accept a login", ex);
		}
	}

	/**
	 * One login attempt: a session, or why there is none.
	 *
	 * @param session the open session, or {@code null}
	 * @param refused whether a node answered and refused the credentials (rather than not
	 * answering)
	 * @param failure the failure, or {@code null}
	 */
	private record Login(CqlSession session, boolean refused, RuntimeException failure) {

		static Login attempt(List<InetSocketAddress> contactPoints, String datacenter, Credentials credentials,
				SSLContext sslContext) {
			try {
				return new Login(
						CassandraLogin.open(contactPoints, datacenter, credentials, null, sslContext, Duration.ZERO),
						false, null);
			}
			catch (AllNodesFailedException ex) {
				boolean refused = ex.getAllErrors()
					.values()
					.stream()
					.flatMap(List::stream)
					.anyMatch((error) -> error instanceof AuthenticationException
							&& String.valueOf(error.getMessage()).contains("are incorrect"));
				return new Login(null, refused, ex);
			}
		}

	}

}
