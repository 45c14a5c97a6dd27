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

}
