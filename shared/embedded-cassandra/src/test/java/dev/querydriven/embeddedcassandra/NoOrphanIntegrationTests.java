package dev.querydriven.embeddedcassandra;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A node never outlives the JVM that started it, even when that JVM is killed with
 * SIGKILL and runs no shutdown hook: the node's watchdog sees its standard input close
 * and stops it.
 *
 * <p>
 * Tagged {@code slow} (it starts a node in a second JVM and kills that JVM): it runs in
 * CI's {@code slow} stage, after {@code ./mvnw -B verify}.
 */
@Tag("slow")
class NoOrphanIntegrationTests {

	@TempDir
	Path directory;

	/**
	 * Killing the parent JVM with SIGKILL still ends the Cassandra process. The parent
	 * runs on a newer Java when one is installed (here: Temurin 25), proving that the
	 * node still gets a Java 17.
	 */
	@Test
	void nodeEndsWhenItsParentIsKilled() throws IOException {
		String java = newerJava().orElseGet(() -> ProcessHandle.current().info().command().orElseThrow());
		Process parent = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
				OrphanProbe.class.getName(), this.directory.toString()))
			.redirectErrorStream(true)
			.start();
		long cassandraPid = readCassandraPid(parent);
		ProcessHandle cassandra = ProcessHandle.of(cassandraPid).orElseThrow();
		assertThat(cassandra.isAlive()).isTrue();
		Path cassandraJavaHome = Path.of(cassandra.info().command().orElseThrow()).getParent().getParent();
		assertThat(JavaRuntimeLocator.featureVersion(cassandraJavaHome)).contains(17);

		parent.destroyForcibly();

		await().atMost(Duration.ofSeconds(60)).until(() -> !cassandra.isAlive());
		assertThat(ProcessHandle.of(cassandraPid).filter(ProcessHandle::isAlive)).isEmpty();
	}

	private static Optional<String> newerJava() throws IOException {
		Path jvms = Path.of("/usr/lib/jvm");
		if (!Files.isDirectory(jvms)) {
			return Optional.empty();
		}
		try (Stream<Path> homes = Files.list(jvms)) {
			return homes.filter((home) -> JavaRuntimeLocator.featureVersion(home).orElse(0) > 17)
				.map((home) -> home.resolve("bin/java"))
				.filter(Files::isExecutable)
				.map(Path::toString)
				.findFirst();
		}
	}

	private static long readCassandraPid(Process parent) throws IOException {
		BufferedReader output = new BufferedReader(
				new InputStreamReader(parent.getInputStream(), StandardCharsets.UTF_8));
		for (String line = output.readLine(); line != null; line = output.readLine()) {
			Optional<String> pid = Optional.of(line)
				.filter((candidate) -> candidate.startsWith("CASSANDRA_PID="))
				.map((candidate) -> candidate.substring("CASSANDRA_PID=".length()));
			if (pid.isPresent()) {
				// Keep draining the parent's output so that it never blocks on a full
				// pipe.
				Thread drain = new Thread(() -> drain(output));
				drain.setDaemon(true);
				drain.start();
				return Long.parseLong(pid.get().trim());
			}
		}
		throw new IllegalStateException("The probe ended without starting Cassandra");
	}

	private static void drain(BufferedReader output) {
		try {
			while (output.readLine() != null) {
				// Discard: only the process id mattered.
			}
		}
		catch (IOException ex) {
			// The probe was killed; its output is closed.
		}
	}

}
