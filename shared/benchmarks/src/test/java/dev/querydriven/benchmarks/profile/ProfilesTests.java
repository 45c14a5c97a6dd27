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

}
