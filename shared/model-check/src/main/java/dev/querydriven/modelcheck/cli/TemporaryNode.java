package dev.querydriven.modelcheck.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.embeddedcassandra.CassandraLogin;
import dev.querydriven.embeddedcassandra.EmbeddedCassandra;
import dev.querydriven.embeddedcassandra.Guardrails;

/**
 * A node started for one run of the checker, in a temporary directory that is deleted
 * when the node stops (also when the JVM exits early, e.g. on Ctrl-C). Its guardrails are
 * {@link Guardrails#RELAXED relaxed}, with the materialized-view and SASI features on, so
 * that a schema full of anti-patterns loads and can be reported rather than refused.
 */
final class TemporaryNode implements CheckerNode {

	private final Path directory;

	private final EmbeddedCassandra node;

	private final Thread cleanup;

	private TemporaryNode(Path directory, EmbeddedCassandra node) {
		this.directory = directory;
		this.node = node;
		this.cleanup = new Thread(this::stopAndDelete, "model-check-node-cleanup");
	}

	static TemporaryNode start() {
		Path directory;
		try {
			directory = Files.createTempDirectory("query-driven-model-check-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not create a temporary directory", ex);
		}
		EmbeddedCassandra node = EmbeddedCassandra.builder()
			.directory(directory)
			.throwaway(true)
			.guardrails(Guardrails.RELAXED)
			.stopTimeout(Duration.ofSeconds(10))
			.shutdownHook(false)
			.build();
		TemporaryNode temporary = new TemporaryNode(directory, node);
		Runtime.getRuntime().addShutdownHook(temporary.cleanup);
		try {
			node.start();
		}
		catch (RuntimeException ex) {
			temporary.close();
			throw ex;
		}
		return temporary;
	}

	@Override
	public CqlSession openSession() {
		return CassandraLogin.open(List.of(this.node.contactPoint()), this.node.localDatacenter(),
				this.node.superuser(), Duration.ofSeconds(60));
	}

	@Override
	public String description() {
		return "Cassandra " + this.node.version() + " at " + this.node.contactPoint().getHostString() + ":"
				+ this.node.contactPoint().getPort();
	}

	@Override
	public void close() {
		try {
			Runtime.getRuntime().removeShutdownHook(this.cleanup);
		}
		catch (IllegalStateException ex) {
			// The JVM is exiting: the hook runs the same cleanup.
			return;
		}
		stopAndDelete();
	}

	private synchronized void stopAndDelete() {
		this.node.stop();
		try (Stream<Path> paths = Files.walk(this.directory)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(path);
			}
		}
		catch (IOException ex) {
			// Best effort: the directory is in the temporary folder.
		}
	}

}
