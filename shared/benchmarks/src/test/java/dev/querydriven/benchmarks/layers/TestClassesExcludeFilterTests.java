package dev.querydriven.benchmarks.layers;

import java.io.IOException;
import java.nio.file.Path;

import dev.querydriven.benchmarks.Benchmarks;
import dev.querydriven.benchmarks.api.ServiceBenchmark;
import org.junit.jupiter.api.Test;

import org.springframework.core.type.classreading.MetadataReaderFactory;
import org.springframework.core.type.classreading.SimpleMetadataReaderFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A layer JVM's component scan sees the service's own classes, not its tests' beans.
 */
class TestClassesExcludeFilterTests {

	private final ServiceBenchmark socialFeed = Benchmarks.in(Path.of("../..")).named("social-feed");

	private final MetadataReaderFactory metadata = new SimpleMetadataReaderFactory(
			this.socialFeed.getClass().getClassLoader());

	private final TestClassesExcludeFilter filter = new TestClassesExcludeFilter(this.socialFeed.getClass());

	@Test
	void leavesOutTheTestsComponents() throws IOException {
		// A @Component of the service's tests: its fixtures.
		assertThat(excluded("dev.querydriven.socialfeed.Fixtures")).isTrue();
	}

	@Test
	void keepsTheServicesOwnClasses() throws IOException {
		assertThat(excluded(this.socialFeed.application().getName())).isFalse();
		assertThat(excluded("dev.querydriven.socialfeed.timeline.TimelineService")).isFalse();
	}

	private boolean excluded(String className) throws IOException {
		return this.filter.match(this.metadata.getMetadataReader(className), this.metadata);
	}

}
