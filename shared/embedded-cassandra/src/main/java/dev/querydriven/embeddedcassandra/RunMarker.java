package dev.querydriven.embeddedcassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A file in the node's directory, {@code node.pid}, that exists while the node runs and
 * is removed once it has stopped cleanly. Found at the next start, it says the node was
 * killed or crashed: Cassandra then replays its commit log, and the start says so. A
 * marker whose process still runs means another node uses the directory.
 */
final class RunMarker {

	static final String FILE_NAME = "node.pid";

	private final Path file;

	private RunMarker(Path directory) {
		this.file = directory.toAbsolutePath().resolve(FILE_NAME);
	}

	static RunMarker in(Path directory) {
		return new RunMarker(directory);
	}

	/**
	 * Checks how the node in this directory stopped last time.
	 * @return {@code true} when it did not stop cleanly
	 * @throws CassandraStartupException when a node still runs on this directory
	 */
	boolean checkLastStop() {
		if (!Files.isRegularFile(this.file)) {
			return false;
		}
		Optional<ProcessHandle> running = readPid().flatMap(ProcessHandle::of)
			.filter(ProcessHandle::isAlive)
			.filter((process) -> process.info()
				.commandLine()
				.filter((line) -> line.contains(NodeWatchdog.class.getName()))
				.isPresent());
		if (running.isPresent()) {
			throw new CassandraStartupException("Another Cassandra (process " + running.get().pid() + ") is running on "
					+ this.file.getParent() + "; stop it, or give this node another directory", List.of(), null);
		}
		return true;
	}

	void running(long pid) {
		try {
			Files.writeString(this.file, Long.toString(pid), StandardCharsets.US_ASCII);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not write " + this.file, ex);
		}
	}

	void stopped() {
		try {
			Files.deleteIfExists(this.file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not delete " + this.file, ex);
		}
	}

	private Optional<Long> readPid() {
		try {
			return Optional.of(Long.parseLong(Files.readString(this.file, StandardCharsets.US_ASCII).trim()));
		}
		catch (IOException | NumberFormatException ex) {
			return Optional.empty();
		}
	}

}
