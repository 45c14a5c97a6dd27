package dev.querydriven.testcassandra;

import java.util.List;

import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.servicesupport.cassandra.CassandraMigratorConnectionDetails;

import org.springframework.boot.cassandra.autoconfigure.CassandraConnectionDetails;
import org.springframework.core.env.Environment;

/**
 * The shared test Cassandra, logged in as the service's own runtime role, with the
 * keyspace's migrator for the schema migrations: the two logins a service gets in
 * production. Spring Boot's stock {@code @ServiceConnection} for a Cassandra container
 * would hand the application the container's superuser, and guardrails never bind a
 * superuser: these details never do.
 */
final class TestCassandraConnectionDetails implements CassandraConnectionDetails {

	private final CassandraBackend backend;

	private final Credentials role;

	private final Credentials migrator;

	TestCassandraConnectionDetails(Environment environment) {
		String keyspace = environment.getProperty("spring.cassandra.keyspace-name");
		if (keyspace == null) {
			throw new IllegalStateException("A @CassandraTest application needs spring.cassandra.keyspace-name");
		}
		String role = environment.getProperty("querydriven.cassandra.role", keyspace);
		this.backend = SharedCassandra.backend();
		SharedCassandra.ServiceLogins logins = SharedCassandra.serviceLogins(keyspace, role);
		this.role = logins.runtime();
		this.migrator = logins.migrator();
	}

	@Override
	public List<Node> getContactPoints() {
		return this.backend.contactPoints()
			.stream()
			.map((address) -> new Node(address.getHostString(), address.getPort()))
			.toList();
	}

	@Override
	public String getUsername() {
		return this.role.username();
	}

	@Override
	public String getPassword() {
		return this.role.password();
	}

	/**
	 * The migrator's login, for the schema migrations only.
	 * @return the migrator
	 */
	CassandraMigratorConnectionDetails migrator() {
		Credentials login = this.migrator;
		return new CassandraMigratorConnectionDetails() {

			@Override
			public String getUsername() {
				return login.username();
			}

			@Override
			public String getPassword() {
				return login.password();
			}

		};
	}

	@Override
	public String getLocalDatacenter() {
		return this.backend.localDatacenter();
	}

}
