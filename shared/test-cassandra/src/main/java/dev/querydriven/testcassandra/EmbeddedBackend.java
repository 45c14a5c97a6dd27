package dev.querydriven.testcassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.embeddedcassandra.EmbeddedCassandra;

/**
 * The embedded node in a temporary directory, removed when the tests end.
 */
final class EmbeddedBackend implements CassandraBackend {

	private final Path directory;

	private final EmbeddedCassandra node;

	EmbeddedBackend() {
		try {
			this.directory = Files.createTempDirectory("query-driven-test-cassandra-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		// Tests never need the data after the JVM ends: stop fast rather than drain, and
		// skip the flushes that make the system keyspaces crash-safe.
		this.node = EmbeddedCassandra.builder()
			.directory(this.directory)
			.throwaway(true)
			.stopTimeout(java.time.Duration.ofSeconds(5))
			// A test run's node lives minutes: the quick compiler alone, as for the test
			// JVM (the root POM's querydriven.test.jvm-options), because the optimising
			// one would spend more CPU compiling than its code saves in that time.
			.jvmOptions(List.of("-XX:TieredStopAtLevel=1"))
			.build()
			.start();
	}

	@Override
	public List<InetSocketAddress> contactPoints() {
		return List.of(this.node.contactPoint());
	}

	@Override
	public String localDatacenter() {
		return this.node.localDatacenter();
	}

	@Override
	public Credentials superuser() {
		return this.node.superuser();
	}

	@Override
	public Optional<InetSocketAddress> jmxAddress() {
		// The node's JMX listens on the loopback address only
		// (-Dcassandra.jmx.local.port).
		return Optional.of(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.node.jmxPort()));
	}

	@Override
	public String description() {
		return "embedded Cassandra " + this.node.version() + " at " + this.node.contactPoint();
	}

	EmbeddedCassandra node() {
		return this.node;
	}

	@Override
	public void close() {
		this.node.stop();
		try (Stream<Path> paths = Files.walk(this.directory)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(path);
			}
		}
		catch (IOException ex) {
			// A leftover temporary directory is harmless.
		}
	}

}
