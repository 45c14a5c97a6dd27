package dev.querydriven.benchmarks.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jdk.jfr.Configuration;
import jdk.jfr.Recording;

/**
 * Java Flight Recorder recordings with the JDK's "profile" settings (a stack sample of
 * every running Java thread every 10 ms), of this JVM or of another one.
 */
public final class Recordings {

	private static final String NAME = "querydriven-benchmark";

	private Recordings() {
	}

	/**
	 * Starts recording this JVM.
	 * @return the recording, to {@link #stop(Recording, Path)}
	 */
	public static Recording start() {
		try {
			Recording recording = new Recording(Configuration.getConfiguration("profile"));
			recording.setName(NAME);
			recording.start();
			return recording;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (ParseException ex) {
			throw new IllegalStateException("The JDK's profile settings do not parse", ex);
		}
	}

	/**
	 * Stops a recording of this JVM and writes it.
	 * @param recording the recording
	 * @param file where to write it
	 */
	public static void stop(Recording recording, Path file) {
		try (recording) {
			recording.stop();
			recording.dump(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Starts recording another JVM, through {@code jcmd}.
	 * @param pid the JVM's process
	 */
	public static void startRemote(long pid) {
		jcmd(pid, "JFR.start", "name=" + NAME, "settings=profile");
	}

	/**
	 * Stops recording another JVM and writes the recording.
	 * @param pid the JVM's process
	 * @param file where to write it
	 */
	public static void stopRemote(long pid, Path file) {
		jcmd(pid, "JFR.stop", "name=" + NAME, "filename=" + file.toAbsolutePath());
	}

	private static void jcmd(long pid, String... command) {
		List<String> line = new ArrayList<>();
		line.add(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString());
		line.add(Long.toString(pid));
		line.addAll(List.of(command));
		try {
			Process process = new ProcessBuilder(line).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
			if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
				process.destroyForcibly();
				throw new IllegalStateException("jcmd " + String.join(" ", line) + " failed");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while running jcmd", ex);
		}
	}

}
