package dev.querydriven.benchmarks.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.querydriven.benchmarks.JavaProcess;
import dev.querydriven.benchmarks.report.Layer;
import dev.querydriven.benchmarks.report.Profile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * AsyncProfiler: all-thread CPU profiles of another JVM, taken through {@code jcmd}.
 */
class AsyncProfilerTests {

	/** Every thread of another JVM is sampled into a flame graph and shares. */
	@Test
	void anotherJvmIsProfiledAcrossItsThreads(@TempDir Path directory) throws Exception {
		CompletableFuture<Void> busy = new CompletableFuture<>();
		String testClasses = Path.of(Busy.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
		try (JavaProcess jvm = JavaProcess.start("busy JVM",
				List.of("-Xmx64m", "-cp", testClasses, Busy.class.getName()), Map.of(), directory.resolve("busy.log"),
				(line) -> {
					if (line.equals(Busy.BUSY)) {
						busy.complete(null);
					}
				})) {
			busy.get(30, TimeUnit.SECONDS);
			long pid = jvm.handle().pid();
			String event = AsyncProfiler.start(pid);
			// The profile is a second of the busy JVM's CPU time, read from its process:
			// the samples come from that CPU, whatever the wall clock does meanwhile.
			Duration before = cpu(jvm);
			await().atMost(Duration.ofSeconds(30))
				.until(() -> cpu(jvm).minus(before).compareTo(Duration.ofSeconds(1)) >= 0);
			Path collapsed = directory.resolve("busy.collapsed");
			AsyncProfiler.stop(pid, collapsed);
			jvm.closeInput();
			jvm.awaitSuccess(Duration.ofSeconds(30));

			Profile profile = Profiles.renderCollapsed(collapsed, directory.resolve("busy.html"), "busy.html", "s/w",
					Layer.SERVICE, "busy JVM", event);

			assertThat(event).isIn(AsyncProfiler.CPU, AsyncProfiler.CTIMER, AsyncProfiler.ITIMER);
			assertThat(Files.readAllLines(collapsed)).anyMatch((line) -> line.matches("\\[.* tid=\\d+\\];.* \\d+"));
			assertThat(directory.resolve("busy.html")).content().containsIgnoringCase("<html");
			assertThat(profile.samples()).isPositive();
			assertThat(profile.components()).isNotEmpty();
			assertThat(profile.components().stream().mapToDouble(Profile.Share::share).sum())
				.isLessThanOrEqualTo(1.0001);
			assertThat(profile.hottest()).isNotEmpty();
			assertThat(profile.event()).isEqualTo(event);
			assertThat(profile.nativeShare()).isBetween(0.0, 1.0);
		}
	}

	/**
	 * A JVM that keeps a thread busy on the CPU, says so once, and ends when its standard
	 * input is closed.
	 */
	static final class Busy {

		/** What it prints once its thread is busy. */
		static final String BUSY = "busy";

		private Busy() {
		}

		/**
		 * Runs the busy JVM.
		 * @param arguments none
		 * @throws IOException if its standard input fails
		 */
		public static void main(String[] arguments) throws IOException {
			Thread worker = new Thread(Busy::work, "busy-worker");
			worker.setDaemon(true);
			worker.start();
			while (System.in.read() != -1) {
				// Everything read is ignored: only the end of the input matters.
			}
		}

		private static void work() {
			Map<Long, Long> map = new HashMap<>();
			for (long i = 0;; i++) {
				map.merge(i % 100_000, i, Long::sum);
				// A new map now and then makes garbage for the collector and resizes.
				if (i % 200_000 == 0) {
					map = new HashMap<>();
				}
				if (i == 1_000_000) {
					System.out.println(BUSY);
				}
			}
		}

	}

	private static Duration cpu(JavaProcess jvm) {
		return jvm.handle().info().totalCpuDuration().orElse(Duration.ZERO);
	}

}
