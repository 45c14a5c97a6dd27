package dev.querydriven.testcassandra;

import java.net.InetSocketAddress;
import java.util.List;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.embeddedcassandra.CassandraLogin;
import dev.querydriven.embeddedcassandra.Credentials;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;

/**
 * Waits until the container's Cassandra accepts a CQL login, with the Java driver the
 * tests use. Testcontainers' own Cassandra wait strategy runs {@code cqlsh} inside the
 * container, which an image built without Python (such as {@code docker/cassandra}) does
 * not have; a login also proves more than an open port: authentication is set up and the
 * superuser exists.
 */
final class CqlLoginWaitStrategy extends AbstractWaitStrategy {

	private final int cqlPort;

	private final String datacenter;

	private final Credentials login;

	CqlLoginWaitStrategy(int cqlPort, String datacenter, Credentials login) {
		this.cqlPort = cqlPort;
		this.datacenter = datacenter;
		this.login = login;
	}

	@Override
	protected void waitUntilReady() {
		InetSocketAddress contactPoint = new InetSocketAddress(this.waitStrategyTarget.getHost(),
				this.waitStrategyTarget.getMappedPort(this.cqlPort));
		try (CqlSession session = CassandraLogin.open(List.of(contactPoint), this.datacenter, this.login,
				this.startupTimeout)) {
			// Logged in: the node is ready.
		}
		catch (RuntimeException ex) {
			throw new ContainerLaunchException("Cassandra at " + contactPoint + " did not accept a CQL login as "
					+ this.login.username() + " within " + this.startupTimeout, ex);
		}
	}

}
