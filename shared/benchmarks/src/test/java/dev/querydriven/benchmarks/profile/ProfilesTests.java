package dev.querydriven.benchmarks.profile;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import dev.querydriven.benchmarks.report.Layer;
import dev.querydriven.benchmarks.report.Profile;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Profiles: flight recordings rendered as flame graphs and summarised by component.
 */
class ProfilesTests {

	/** A recording of busy code becomes a flame graph and a breakdown of its samples. */
	@Test
	void recordingBecomesFlameGraphAndShares(@TempDir Path directory) {
		Recording recording = Recordings.start();
		long deadline = System.nanoTime() + 1_500_000_000L;
		Map<Long, Long> busy = new HashMap<>();
		for (long i = 0; System.nanoTime() < deadline; i++) {
			busy.merge(i % 1024, i, Long::sum);
		}
		Path jfr = directory.resolve("busy.jfr");
		Recordings.stop(recording, jfr);

		Profile profile = Profiles.render(jfr, directory.resolve("busy.html"), "busy.html", "s/w", Layer.SERVICE,
				"this JVM");

		assertThat(busy).isNotEmpty();
		assertThat(directory.resolve("busy.html")).content().containsIgnoringCase("<html");
		assertThat(profile.samples()).isPositive();
		assertThat(profile.components()).isNotEmpty();
		assertThat(profile.components().stream().mapToDouble(Profile.Share::share).sum()).isLessThanOrEqualTo(1.0001);
	}

	/** A sample counts for the component of its innermost frame outside the JDK. */
	@Test
	void frameOutsideTheJdkNamesTheComponent() {
		assertThat(Profiles.componentOf("com.datastax.oss.driver.internal.core.cql.CqlRequestHandler"))
			.isEqualTo("Cassandra driver");
		assertThat(Profiles.componentOf("reactor.netty.http.server.HttpServerOperations"))
			.isEqualTo("Reactor Netty (HTTP server)");
		assertThat(Profiles.componentOf("tools.jackson.databind.ObjectMapper")).isEqualTo("Jackson (JSON)");
		assertThat(Profiles.componentOf("dev.querydriven.socialfeed.post.PostService"))
			.isEqualTo("service code (dev.querydriven)");
	}

	/** Collapsed stacks are charged by thread, kernel top frame, then component. */
	@Test
	void collapsedStacksAreChargedByThreadKernelAndComponent() {
		String collapsed = """
				[C2 CompilerThre tid=11];thread_native_entry;CompileBroker::compiler_thread_loop;PhaseIdealLoop::build_loop_late 25
				[GC Thread#0 tid=12];thread_native_entry;G1ParScanThreadState::trim_queue 4
				[reactor-http-epoll-1 tid=13];java/lang/Thread.run;sun/nio/ch/EPoll.wait;epoll_wait;do_syscall_64_[k] 20
				[reactor-http-epoll-1 tid=13];java/lang/Thread.run;tools/jackson/databind/ObjectMapper.writeValueAsBytes;java/util/HashMap.resize 35
				[reactor-http-epoll-1 tid=13];java/lang/Thread.run;tools/jackson/core/JsonGenerator.writeString;OptoRuntime::new_instance_C 10
				[Common-Cleaner tid=14];java/lang/Thread.run;java/lang/ref/ReferenceQueue.remove 6
				""";

		Profiles.CollapsedSummary summary = Profiles.summariseCollapsed(collapsed.lines());

		assertThat(summary.samples()).isEqualTo(100);
		assertThat(summary.components()).containsExactly(new Profile.Share("Jackson (JSON)", 0.45),
				new Profile.Share("JIT compiler", 0.25), new Profile.Share("kernel", 0.2),
				new Profile.Share("JDK", 0.06), new Profile.Share("GC", 0.04));
		assertThat(summary.hottest().get(0)).isEqualTo(new Profile.Share("java.util.HashMap.resize", 0.35));
		assertThat(summary.hottest()).contains(new Profile.Share("do_syscall_64_[k]", 0.2),
				new Profile.Share("OptoRuntime::new_instance_C", 0.1));
		assertThat(summary.nativeShare()).isCloseTo(0.59, within(1e-9));
	}

	/** A stack without a thread or a Java frame is the JVM's native code. */
	@Test
	void stackWithoutJavaFramesIsNative() {
		assertThat(Profiles.collapsedComponent(new String[] { "start_thread", "os::javaTimeNanos" }))
			.isEqualTo("JVM (native)");
		assertThat(Profiles.collapsedComponent(new String[] { "[VM Periodic Tas tid=7]", "WatcherThread::run" }))
			.isEqualTo("JVM (other threads)");
		assertThat(Profiles.collapsedComponent(
				new String[] { "[main tid=1]", "Busy.main", "dev/querydriven/socialfeed/post/PostService.find" }))
			.isEqualTo("service code (dev.querydriven)");
	}

}
