package dev.querydriven.testsupport.devrun;

import java.nio.file.Path;
import java.util.List;

import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.embeddedcassandra.EmbeddedCassandra;
import dev.querydriven.servicesupport.cassandra.CassandraMigratorConnectionDetails;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.cassandra.autoconfigure.CassandraConnectionDetails;

/**
 * Connection details of the embedded node, logging in as the service's own runtime role;
 * the keyspace's migrator login comes along for the schema migrations. Stopping the
 * application context stops the node.
 */
final class EmbeddedCassandraConnectionDetails implements CassandraConnectionDetails, DisposableBean {

	private final EmbeddedCassandra node;

	private final Credentials role;

	private final Credentials migrator;

	EmbeddedCassandraConnectionDetails(EmbeddedCassandra node, Credentials role, Credentials migrator) {
		this.node = node;
		this.role = role;
		this.migrator = migrator;
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

	/**
	 * The node's directory, where its generated secrets are kept.
	 * @return the directory
	 */
	Path directory() {
		return this.node.directory();
	}

	@Override
	public List<Node> getContactPoints() {
		return List.of(new Node(this.node.contactPoint().getHostString(), this.node.contactPoint().getPort()));
	}

	@Override
	public String getUsername() {
		return this.role.username();
	}

	@Override
	public String getPassword() {
		return this.role.password();
	}

	@Override
	public String getLocalDatacenter() {
		return this.node.localDatacenter();
	}

	EmbeddedCassandra node() {
		return this.node;
	}

	@Override
	public void destroy() {
		this.node.stop();
	}

}
