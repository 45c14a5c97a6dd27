package dev.querydriven.benchmarks.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.querydriven.benchmarks.report.Layer;
import dev.querydriven.benchmarks.report.Profile;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;
import one.convert.Arguments;
import one.convert.JfrToFlame;

/**
 * Turns a recording into a flame graph (async-profiler's converter: an HTML page, the
 * widest frames are where the CPU went) and into the summary's shares: each CPU sample is
 * charged to the component of its innermost frame outside the JDK (so a
 * {@code HashMap.get} called by Jackson counts as Jackson), and the hottest methods are
 * the frames most often on top of the stack.
 */
public final class Profiles {

	/** Components by package, the first match wins. */
	private static final Map<String, String> COMPONENTS = components();

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
				shares(hottest, samples, 12));
	}

	static String component(List<RecordedFrame> frames) {
		for (RecordedFrame frame : frames) {
			String type = frame.getMethod().getType().getName();
			if (type.startsWith("java.") || type.startsWith("jdk.") || type.startsWith("sun.")
					|| type.startsWith("javax.")) {
				continue;
			}
			return componentOf(type);
		}
		return "JDK";
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

}
