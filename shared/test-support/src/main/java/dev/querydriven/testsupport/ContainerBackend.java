package dev.querydriven.testsupport;

import java.net.InetSocketAddress;
import java.util.List;

import dev.querydriven.embeddedcassandra.CassandraDistribution;
import dev.querydriven.embeddedcassandra.CassandraYaml;
import dev.querydriven.embeddedcassandra.Credentials;
import org.testcontainers.cassandra.CassandraContainer;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/**
 * The official Cassandra image, at the same version as the embedded node, started with
 * the same generated {@code cassandra.yaml} (authentication and guardrails on).
 */
final class ContainerBackend implements CassandraBackend {

	private final CassandraContainer container;

	ContainerBackend() {
		String image = "cassandra:" + CassandraDistribution.bundledVersion();
		this.container = new CassandraContainer(DockerImageName.parse(image))
			.withCopyToContainer(Transferable.of(CassandraYaml.container().render()), "/etc/cassandra/cassandra.yaml")
			.withEnv("JVM_EXTRA_OPTS",
					"-Dcassandra.superuser_setup_delay_ms=0 -Dcassandra.skip_wait_for_gossip_to_settle=0");
		this.container.start();
	}

	@Override
	public List<InetSocketAddress> contactPoints() {
		return List.of(this.container.getContactPoint());
	}

	@Override
	public String localDatacenter() {
		return this.container.getLocalDatacenter();
	}

	@Override
	public Credentials superuser() {
		// The container lives as long as the test JVM and listens on a random port: its
		// default
		// superuser login is enough for the admin step.
		return new Credentials(this.container.getUsername(), this.container.getPassword());
	}

	@Override
	public String description() {
		return "Testcontainers " + this.container.getDockerImageName() + " at " + this.container.getContactPoint();
	}

	@Override
	public void close() {
		this.container.stop();
	}

}
