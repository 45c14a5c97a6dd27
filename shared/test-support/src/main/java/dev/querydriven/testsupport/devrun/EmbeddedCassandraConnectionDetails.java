package dev.querydriven.testsupport.devrun;

import java.nio.file.Path;
import java.util.List;

import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.embeddedcassandra.EmbeddedCassandra;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.cassandra.autoconfigure.CassandraConnectionDetails;

/**
 * Connection details of the embedded node, logging in as the service's own role. Stopping
 * the application context stops the node.
 */
final class EmbeddedCassandraConnectionDetails implements CassandraConnectionDetails, DisposableBean {

	private final EmbeddedCassandra node;

	private final Credentials role;

	EmbeddedCassandraConnectionDetails(EmbeddedCassandra node, Credentials role) {
		this.node = node;
		this.role = role;
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
