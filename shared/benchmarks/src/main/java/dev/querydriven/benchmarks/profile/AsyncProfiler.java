package dev.querydriven.benchmarks.profile;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * All-thread CPU profiles of another JVM with async-profiler, its native agent loaded
 * into that JVM through {@code jcmd <pid> JVMTI.agent_load}. Unlike a Java Flight
 * Recorder recording, whose samples only cover threads running Java code, this samples
 * every thread: the JIT compilers, the garbage collector and the kernel code run on the
 * JVM's behalf show up too.
 */
public final class AsyncProfiler {

	/** The sampling event tried first: perf_events, which also sees kernel frames. */
	public static final String CPU = "cpu";

	/**
	 * What {@link #CPU} silently becomes in async-profiler 4.2 when perf_events are
	 * refused.
	 */
	public static final String CTIMER = "ctimer";

	/** The sampling event tried when the agent refuses to start with {@link #CPU}. */
	public static final String ITIMER = "itimer";

	/** The agent's answer as {@code jcmd} prints it: zero when the command succeeded. */
	private static final Pattern RETURN_CODE = Pattern.compile("return code: (-?\\d+)");

	private static Path library;

	private AsyncProfiler() {
	}

	/**
	 * The native agent, extracted from the async-profiler jar on the class path to a
	 * temporary file the first time it is asked for (it is deleted when this JVM ends).
	 * @return the agent's path
	 * @throws IllegalStateException on anything but Linux on x64 or arm64, the platforms
	 * the jar carries an agent for that profiles through {@code jcmd}
	 */
	public static synchronized Path library() {
		if (library != null) {
			return library;
		}
		String resource = platform() + "/libasyncProfiler.so";
		try (InputStream agent = AsyncProfiler.class.getClassLoader().getResourceAsStream(resource)) {
			if (agent == null) {
				throw new IllegalStateException(
						resource + " is not on the class path: is tools.profiler:async-profiler a dependency?");
			}
			Path file = Files.createTempFile("libasyncProfiler", ".so");
			file.toFile().deleteOnExit();
			Files.copy(agent, file, StandardCopyOption.REPLACE_EXISTING);
			library = file;
			return file;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String platform() {
		String os = System.getProperty("os.name");
		String arch = System.getProperty("os.arch");
		if (os.toLowerCase(Locale.ROOT).startsWith("linux")) {
			if (arch.equals("amd64") || arch.equals("x86_64")) {
				return "linux-x64";
			}
			if (arch.equals("aarch64") || arch.equals("arm64")) {
				return "linux-arm64";
			}
		}
		throw new IllegalStateException("async-profiler profiles other JVMs here only on Linux (x64 or arm64), not on "
				+ os + " (" + arch + "): use a Java Flight Recorder recording (Recordings) instead");
	}

	/**
	 * Starts sampling every thread of another JVM on CPU time, every 10 ms, each stack
	 * rooted at its thread's name. It samples with perf_events where the kernel allows
	 * them; async-profiler falls back to {@code ctimer} by itself when they are refused
	 * outright ({@code perf_event_paranoid}, a container's seccomp profile), and this
	 * retries with {@code itimer} when the agent refuses to start at all.
	 * @param pid the JVM's process
	 * @return the sampling event used: {@link #CPU} (perf_events), {@link #CTIMER} or
	 * {@link #ITIMER}
	 */
	public static String start(long pid) {
		try {
			agent(pid, "start,event=" + CPU + ",interval=10ms,threads");
		}
		catch (IllegalStateException refused) {
			try {
				agent(pid, "start,event=" + ITIMER + ",interval=10ms,threads");
			}
			catch (IllegalStateException ex) {
				ex.addSuppressed(refused);
				throw ex;
			}
			return ITIMER;
		}
		return perfEventsOpen(pid) ? CPU : CTIMER;
	}

	/**
	 * Stops sampling another JVM and writes its samples as collapsed stacks: one line per
	 * distinct stack, its frames separated by {@code ;} from the thread's name (such as
	 * {@code [C2 CompilerThread0 tid=1234]}) to the frame on CPU, then a space and the
	 * number of samples. Java frames look like {@code java/util/HashMap.resize}, the
	 * JVM's own C++ frames like {@code OptoRuntime::new_instance_C}, and kernel frames
	 * end with {@code _[k]}.
	 * @param pid the JVM's process
	 * @param collapsed where to write the stacks
	 */
	public static void stop(long pid, Path collapsed) {
		String file = collapsed.toAbsolutePath().toString();
		if (file.contains(",")) {
			// The agent splits its options at commas, so such a path would be cut short.
			throw new IllegalArgumentException("async-profiler cannot write to a path with a comma: " + file);
		}
		agent(pid, "stop,file=" + file + ",collapsed");
	}

	/**
	 * Whether async-profiler's perf_events engine is sampling the JVM: it holds one
	 * perf_event descriptor per thread, where {@code ctimer} holds none. When the JVM's
	 * descriptors cannot be read (another user's process), this assumes perf_events.
	 */
	private static boolean perfEventsOpen(long pid) {
		try (DirectoryStream<Path> descriptors = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "fd"))) {
			for (Path descriptor : descriptors) {
				try {
					if (Files.readSymbolicLink(descriptor).toString().contains("perf_event")) {
						return true;
					}
				}
				catch (IOException ex) {
					// The descriptor was closed while listing; the others still tell.
				}
			}
			return false;
		}
		catch (IOException ex) {
			return true;
		}
	}

	/**
	 * Hands the agent a command. The options must reach the JVM as one argument wrapped
	 * in double quotes: {@code jcmd} splits unquoted arguments at {@code =}. The agent's
	 * messages go to a log file rather than to the JVM's own output, so that a refusal
	 * can be explained; {@code jcmd} itself exits with 0 even then, only printing the
	 * agent's non-zero return code.
	 */
	private static void agent(long pid, String options) {
		Path log = null;
		Path output = null;
		try {
			log = Files.createTempFile("async-profiler", ".log");
			output = Files.createTempFile("jcmd", ".out");
			List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
					Long.toString(pid), "JVMTI.agent_load", library().toString(),
					"\"" + options + ",log=" + log.toAbsolutePath() + "\"");
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(output.toFile())
				.start();
			if (!process.waitFor(60, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new IllegalStateException(
						"jcmd " + pid + " JVMTI.agent_load \"" + options + "\" did not end within 60 s");
			}
			String printed = Files.readString(output, StandardCharsets.UTF_8).strip();
			Matcher code = RETURN_CODE.matcher(printed);
			if (process.exitValue() != 0 || !code.find() || !code.group(1).equals("0")) {
				throw new IllegalStateException("jcmd " + pid + " JVMTI.agent_load \"" + options + "\" failed (exit "
						+ process.exitValue() + "): " + printed + " / async-profiler: "
						+ Files.readString(log, StandardCharsets.UTF_8).strip());
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while running jcmd", ex);
		}
		finally {
			delete(log);
			delete(output);
		}
	}

	private static void delete(Path file) {
		if (file == null) {
			return;
		}
		try {
			Files.deleteIfExists(file);
		}
		catch (IOException ex) {
			// A temporary file left behind is harmless.
		}
	}

}
