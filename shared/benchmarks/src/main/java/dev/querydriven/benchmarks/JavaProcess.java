package dev.querydriven.benchmarks;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A JVM the suite starts (a layer JVM, a service, Gatling): same {@code java} as the
 * suite's, arguments passed in an argument file (class paths are long), output written to
 * a log file and each line handed to a listener. Closing it stops it.
 */
public final class JavaProcess implements AutoCloseable {

	private final String name;

	private final Process process;

	private final Thread output;

	private JavaProcess(String name, Process process, Thread output) {
		this.name = name;
		this.process = process;
		this.output = output;
	}

	/**
	 * Starts a JVM.
	 * @param name what it is, for messages
	 * @param arguments the JVM's arguments (options, class path, main class, its
	 * arguments)
	 * @param environment variables to add to this JVM's environment
	 * @param log where its output goes
	 * @param lines receives each line of output
	 * @return the running JVM
	 */
	public static JavaProcess start(String name, List<String> arguments, Map<String, String> environment, Path log,
			Consumer<String> lines) {
		try {
			Files.createDirectories(log.getParent());
			Path argumentFile = log.resolveSibling(log.getFileName() + ".args");
			List<String> quoted = new ArrayList<>();
			for (String argument : arguments) {
				quoted.add("\"" + argument.replace("\\", "\\\\").replace("\"", "\\\"") + "\"");
			}
			Files.write(argumentFile, quoted);
			ProcessBuilder builder = new ProcessBuilder(java(), "@" + argumentFile).redirectErrorStream(true);
			builder.environment().putAll(environment);
			Process process = builder.start();
			Thread output = new Thread(() -> copy(process, log, lines), name + "-output");
			output.setDaemon(true);
			output.start();
			return new JavaProcess(name, process, output);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The {@code java} launcher of the JDK running the suite.
	 * @return its path
	 */
	public static String java() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

	/**
	 * The class path of this JVM: Surefire's test class path in a test, the JVM's own
	 * otherwise.
	 * @return the entries
	 */
	public static List<String> classPath() {
		String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
		return List.of(classPath.split(java.io.File.pathSeparator));
	}

	private static void copy(Process process, Path log, Consumer<String> lines) {
		try (BufferedReader reader = new BufferedReader(
				new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
				BufferedWriter writer = Files.newBufferedWriter(log)) {
			for (String line = reader.readLine(); line != null; line = reader.readLine()) {
				writer.write(line);
				writer.newLine();
				writer.flush();
				lines.accept(line);
			}
		}
		catch (IOException ex) {
			// The process ended.
		}
	}

	/**
	 * The process.
	 * @return its handle
	 */
	public ProcessHandle handle() {
		return this.process.toHandle();
	}

	/**
	 * Closes the JVM's standard input (a layer JVM serving HTTP stops then).
	 */
	public void closeInput() {
		try {
			this.process.getOutputStream().close();
		}
		catch (IOException ex) {
			// Already closed.
		}
	}

	/**
	 * Waits for the JVM to end and fails unless it ended well.
	 * @param limit how long to wait
	 */
	public void awaitSuccess(Duration limit) {
		try {
			if (!this.process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
				throw new IllegalStateException(this.name + " did not end within " + limit);
			}
			this.output.join(TimeUnit.SECONDS.toMillis(10));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for " + this.name, ex);
		}
		if (this.process.exitValue() != 0) {
			throw new IllegalStateException(this.name + " failed (exit code " + this.process.exitValue() + ")");
		}
	}

	/**
	 * Completes when the JVM ends.
	 * @return the future
	 */
	public CompletableFuture<Process> onExit() {
		return this.process.onExit();
	}

	/**
	 * Whether the JVM still runs.
	 * @return true while it runs
	 */
	public boolean isAlive() {
		return this.process.isAlive();
	}

	@Override
	public void close() {
		if (this.process.isAlive()) {
			this.process.destroy();
			try {
				if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
					this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				this.process.destroyForcibly();
			}
		}
	}

}
