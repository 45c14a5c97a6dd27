package dev.querydriven.benchmarks.profile;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.querydriven.benchmarks.report.Layer;
import dev.querydriven.benchmarks.report.Profile;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;
import one.convert.Arguments;
import one.convert.FlameGraph;
import one.convert.JfrToFlame;

/**
 * Turns a recording into a flame graph (async-profiler's converter: an HTML page, the
 * widest frames are where the CPU went) and into the summary's shares: each CPU sample is
 * charged to the component of its innermost frame outside the JDK (so a
 * {@code HashMap.get} called by Jackson counts as Jackson), and the hottest methods are
 * the frames most often on top of the stack. An async-profiler profile, which samples
 * every thread, also charges the JVM's own threads (JIT compiler, GC) and the kernel.
 */
public final class Profiles {

	/** Components by package, the first match wins. */
	private static final Map<String, String> COMPONENTS = components();

	/**
	 * Components of the JVM's own threads, by the start of the thread's name. Linux keeps
	 * 15 characters of a native thread's name, hence prefixes no longer than that.
	 */
	private static final Map<String, String> JVM_THREADS = jvmThreads();

	/** The root frame async-profiler gives each stack with its {@code threads} option. */
	private static final Pattern THREAD = Pattern.compile("\\[(.*) tid=\\d+\\]");

	/** The suffixes async-profiler's {@code ann} option gives Java frames. */
	private static final List<String> JAVA_ANNOTATIONS = List.of("_[j]", "_[i]", "_[0]", "_[1]");

	private static final String KERNEL = "_[k]";

	private Profiles() {
	}

	private static Map<String, String> components() {
		Map<String, String> components = new LinkedHashMap<>();
		components.put("dev.querydriven.benchmarks.", "benchmark harness (load generator)");
		components.put("org.HdrHistogram.", "benchmark harness (load generator)");
		components.put("dev.querydriven.", "service code (dev.querydriven)");
		components.put("com.datastax.", "Cassandra driver");
		components.put("io.netty.", "Netty (network I/O)");
		components.put("reactor.netty.", "Reactor Netty (HTTP server)");
		components.put("reactor.", "Reactor");
		components.put("org.springframework.web.", "Spring Web/WebFlux");
		components.put("org.springframework.http.", "Spring Web/WebFlux");
		components.put("org.springframework.validation.", "Bean Validation");
		components.put("org.springframework.data.", "Spring Data");
		components.put("org.springframework.", "Spring (other)");
		components.put("tools.jackson.", "Jackson (JSON)");
		components.put("com.fasterxml.jackson.", "Jackson (JSON)");
		components.put("org.hibernate.validator.", "Bean Validation");
		components.put("jakarta.validation.", "Bean Validation");
		components.put("io.micrometer.", "Micrometer (metrics)");
		components.put("ch.qos.logback.", "logging");
		components.put("org.slf4j.", "logging");
		components.put("org.mapstruct.", "MapStruct");
		components.put("io.gatling.", "Gatling");
		return components;
	}

	private static Map<String, String> jvmThreads() {
		Map<String, String> threads = new LinkedHashMap<>();
		threads.put("C1 CompilerThre", "JIT compiler");
		threads.put("C2 CompilerThre", "JIT compiler");
		threads.put("JVMCI CompilerT", "JIT compiler");
		threads.put("GC Thread", "GC");
		threads.put("G1 ", "GC");
		threads.put("ZWorker", "GC");
		threads.put("ZDriver", "GC");
		threads.put("ZDirector", "GC");
		threads.put("Shenandoah", "GC");
		threads.put("StringDedup", "GC");
		threads.put("VM Thread", "JVM (other threads)");
		threads.put("VM Periodic Tas", "JVM (other threads)");
		threads.put("Service Thread", "JVM (other threads)");
		threads.put("Monitor Deflati", "JVM (other threads)");
		threads.put("Sweeper thread", "JVM (other threads)");
		threads.put("Notification Th", "JVM (other threads)");
		threads.put("Signal Dispatch", "JVM (other threads)");
		threads.put("Attach Listener", "JVM (other threads)");
		return threads;
	}

	/**
	 * Renders a recording and summarises it.
	 * @param jfr the recording
	 * @param html where to write the flame graph
	 * @param relativeHtml the flame graph's path as the summary links it
	 * @param workload the workload profiled
	 * @param layer the layer profiled
	 * @param process the JVM profiled
	 * @return the profile
	 */
	public static Profile render(Path jfr, Path html, String relativeHtml, String workload, Layer layer,
			String process) {
		try {
			JfrToFlame.convert(jfr.toString(), html.toString(), new Arguments("--title",
					workload + ": " + layer.title() + " (" + process + ")", "--minwidth", "0.2"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		Map<String, Long> components = new HashMap<>();
		Map<String, Long> hottest = new HashMap<>();
		long samples = 0;
		try (RecordingFile recording = new RecordingFile(jfr)) {
			while (recording.hasMoreEvents()) {
				RecordedEvent event = recording.readEvent();
				if (!event.getEventType().getName().equals("jdk.ExecutionSample")) {
					continue;
				}
				RecordedStackTrace stack = event.getStackTrace();
				if (stack == null || stack.getFrames().isEmpty()) {
					continue;
				}
				samples++;
				List<RecordedFrame> frames = stack.getFrames();
				RecordedFrame top = frames.get(0);
				hottest.merge(top.getMethod().getType().getName() + "." + top.getMethod().getName(), 1L, Long::sum);
				components.merge(component(frames), 1L, Long::sum);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return new Profile(workload, layer, process, relativeHtml, samples, shares(components, samples, 12),
				shares(hottest, samples, 12), null, Double.NaN, 0, -1);
	}

	/**
	 * Renders an async-profiler profile of unknown sampling event and summarises it.
	 * @param collapsed the profile as collapsed stacks (see
	 * {@link AsyncProfiler#stop(long, Path)})
	 * @param html where to write the flame graph
	 * @param relativeHtml the flame graph's path as the summary links it
	 * @param workload the workload profiled
	 * @param layer the layer profiled
	 * @param process the JVM profiled
	 * @return the profile, without its sampling event
	 */
	public static Profile renderCollapsed(Path collapsed, Path html, String relativeHtml, String workload, Layer layer,
			String process) {
		return renderCollapsed(collapsed, html, relativeHtml, workload, layer, process, null);
	}

	/**
	 * Renders an async-profiler profile and summarises it: every thread's samples are
	 * charged, the JVM's own threads to the JIT compiler, the GC or the JVM's other
	 * threads, the application's as a recording's are, except that a sample in the kernel
	 * counts for the kernel.
	 * @param collapsed the profile as collapsed stacks (see
	 * {@link AsyncProfiler#stop(long, Path)})
	 * @param html where to write the flame graph
	 * @param relativeHtml the flame graph's path as the summary links it
	 * @param workload the workload profiled
	 * @param layer the layer profiled
	 * @param process the JVM profiled
	 * @param event the sampling event, as {@link AsyncProfiler#start(long)} returned it
	 * @return the profile
	 */
	public static Profile renderCollapsed(Path collapsed, Path html, String relativeHtml, String workload, Layer layer,
			String process, String event) {
		FlameGraph flameGraph = new FlameGraph(
				new Arguments("--title", workload + ": " + layer.title() + " (" + process + ")", "--minwidth", "0.2"));
		// FlameGraph.convert would guess the input's format from its file name; this
		// parses it as collapsed stacks whatever it is called.
		try (Reader reader = Files.newBufferedReader(collapsed, StandardCharsets.UTF_8)) {
			flameGraph.parseCollapsed(reader);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		try (PrintStream out = new PrintStream(Files.newOutputStream(html), false, StandardCharsets.UTF_8)) {
			flameGraph.dump(out);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		try (Stream<String> lines = Files.lines(collapsed, StandardCharsets.UTF_8)) {
			CollapsedSummary summary = summariseCollapsed(lines);
			return new Profile(workload, layer, process, relativeHtml, summary.samples(), summary.components(),
					summary.hottest(), event, summary.nativeShare(), 0, -1);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Where the samples of collapsed stacks fell.
	 * @param lines the stacks, one per line: frames separated by {@code ;} from the root,
	 * a space, the number of samples
	 * @return the summary
	 */
	static CollapsedSummary summariseCollapsed(Stream<String> lines) {
		Map<String, Long> components = new HashMap<>();
		Map<String, Long> hottest = new HashMap<>();
		long samples = 0;
		long nativeSamples = 0;
		for (String line : (Iterable<String>) lines::iterator) {
			int space = line.lastIndexOf(' ');
			if (space <= 0) {
				continue;
			}
			long count;
			try {
				count = Long.parseLong(line.substring(space + 1).strip());
			}
			catch (NumberFormatException ex) {
				// Not a stack (a blank or truncated line): the count ends every stack.
				continue;
			}
			String[] frames = line.substring(0, space).split(";");
			String top = frames[frames.length - 1];
			samples += count;
			if (!isJava(top)) {
				nativeSamples += count;
			}
			hottest.merge(isJava(top) ? javaName(top) : top, count, Long::sum);
			components.merge(collapsedComponent(frames), count, Long::sum);
		}
		return new CollapsedSummary(samples, shares(components, samples, 12), shares(hottest, samples, 12),
				(samples > 0) ? (double) nativeSamples / samples : 0);
	}

	/**
	 * The component one collapsed stack is charged to.
	 * @param frames the stack's frames, from the root (perhaps its thread) to the top
	 * @return the component
	 */
	static String collapsedComponent(String[] frames) {
		Matcher thread = THREAD.matcher(frames[0]);
		if (thread.matches()) {
			for (Map.Entry<String, String> jvmThread : JVM_THREADS.entrySet()) {
				if (thread.group(1).startsWith(jvmThread.getKey())) {
					return jvmThread.getValue();
				}
			}
		}
		if (frames[frames.length - 1].endsWith(KERNEL)) {
			return "kernel";
		}
		boolean java = false;
		for (int i = frames.length - 1; i >= 0; i--) {
			if (!isJava(frames[i])) {
				continue;
			}
			java = true;
			String name = javaName(frames[i]);
			if (!isJdk(name)) {
				return componentOf(name);
			}
		}
		return java ? "JDK" : "JVM (native)";
	}

	/**
	 * Whether a collapsed frame is a Java method, by the rules of async-profiler's
	 * converter: annotated as one, or a class name with a package ({@code /}) or an
	 * upper-case simple name, where the JVM's C++ frames hold {@code ::} and thread or
	 * placeholder frames are in brackets.
	 */
	private static boolean isJava(String frame) {
		for (String annotation : JAVA_ANNOTATIONS) {
			if (frame.endsWith(annotation)) {
				return true;
			}
		}
		if (frame.isEmpty() || frame.endsWith(KERNEL) || frame.contains("::") || frame.startsWith("[")
				|| frame.startsWith("-[") || frame.startsWith("+[")) {
			return false;
		}
		return frame.indexOf('/') > 0 || (frame.indexOf('.') > 0 && Character.isUpperCase(frame.charAt(0)));
	}

	/** A Java frame named as a recording names it: {@code java.util.HashMap.resize}. */
	private static String javaName(String frame) {
		for (String annotation : JAVA_ANNOTATIONS) {
			if (frame.endsWith(annotation)) {
				return frame.substring(0, frame.length() - annotation.length()).replace('/', '.');
			}
		}
		return frame.replace('/', '.');
	}

	static String component(List<RecordedFrame> frames) {
		for (RecordedFrame frame : frames) {
			String type = frame.getMethod().getType().getName();
			if (isJdk(type)) {
				continue;
			}
			return componentOf(type);
		}
		return "JDK";
	}

	private static boolean isJdk(String type) {
		return type.startsWith("java.") || type.startsWith("jdk.") || type.startsWith("sun.")
				|| type.startsWith("javax.");
	}

	static String componentOf(String type) {
		for (Map.Entry<String, String> component : COMPONENTS.entrySet()) {
			if (type.startsWith(component.getKey())) {
				return component.getValue();
			}
		}
		return "other libraries";
	}

	private static List<Profile.Share> shares(Map<String, Long> counts, long total, int limit) {
		return counts.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
			.limit(limit)
			.map((entry) -> new Profile.Share(entry.getKey(), (total > 0) ? (double) entry.getValue() / total : 0))
			.toList();
	}

	/**
	 * Where the samples of an async-profiler profile fell.
	 *
	 * @param samples the samples
	 * @param components the share of samples by component, largest first
	 * @param hottest the frames most often on top of the stack, largest first
	 * @param nativeShare the share of samples whose top frame is not a Java frame
	 */
	record CollapsedSummary(long samples, List<Profile.Share> components, List<Profile.Share> hottest,
			double nativeShare) {

	}

}
