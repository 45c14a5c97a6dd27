package dev.querydriven.modelcheck.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import java.util.stream.Stream;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modelcheck.ModelReport;
import dev.querydriven.modelcheck.fixture.Fixtures;
import dev.querydriven.modelcheck.fixture.anti.AntiPatternCatalog;
import dev.querydriven.modelcheck.fixture.good.GoodModelCatalog;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The harness every service's tests call: it keeps the committed report up to date, fails
 * the build on a {@code fail}, and measures the partitions on the node.
 */
@CassandraTest
class ModelCheckHarnessIntegrationTests {

	private static CqlSession good;

	private static CqlSession anti;

	@TempDir
	Path directory;

	@BeforeAll
	static void loadFixtures() {
		Fixtures.load("guide-good", Fixtures.GOOD);
		Fixtures.load("guide-anti-patterns", Fixtures.ANTI);
		good = SharedCassandra.serviceSession(Fixtures.GOOD);
		anti = SharedCassandra.serviceSession(Fixtures.ANTI);
	}

	@AfterAll
	static void closeSessions() {
		good.close();
		anti.close();
	}

	/**
	 * This module's own committed example, {@code docs/model-report.md} and
	 * {@code .html}: the guide's good designs, checked the way every service checks its
	 * model (measured on the node, tests found among the compiled tests).
	 */
	@Test
	void committedGuideReportIsUpToDate() {
		ModelReport report = ModelCheckHarness.of(new GoodModelCatalog(), good)
			.title("the guide's good designs")
			.measuredOn(SharedCassandra.backend().jmxAddress())
			.verify();
		assertThat(report.failed()).isFalse();
		assertThat(report.testsChecked()).isTrue();
		assertThat(Path.of("target/model-check/model-report.md")).content().contains("## Measured (this run only)");
		assertThat(Path.of("docs/model-report.md")).content().doesNotContain("Measured");
	}

	/**
	 * A missing report fails with the way to regenerate it; regenerated, it passes;
	 * edited by hand, it fails as out of date.
	 */
	@Test
	void committedReportMustMatchTheGeneratedOne() throws IOException {
		Supplier<ModelCheckHarness> harness = () -> ModelCheckHarness.of(new GoodModelCatalog(), good)
			.reportDirectory(this.directory);
		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> withUpdate("false", harness))
			.withMessageContaining("model-report.md is missing")
			.withMessageContaining("-Dquerydriven.update-generated=true");
		withUpdate("true", harness);
		assertThat(this.directory.resolve("model-report.md")).content().contains("**Verdict: passes**");
		assertThat(this.directory.resolve("model-report.html")).content().startsWith("<!DOCTYPE html>");
		withUpdate("false", harness);
		Files.writeString(this.directory.resolve("model-report.md"), "edited by hand\n");
		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> withUpdate("false", harness))
			.withMessageContaining("model-report.md is out of date");
	}

	/**
	 * Measuring writes the full report, measured figures included, and neither writes nor
	 * compares the committed one (there is none here, which would fail a verify); without
	 * the node's JMX address there is nothing to measure with.
	 */
	@Test
	void measureWritesTheFullReportOnly() throws IOException {
		Files.deleteIfExists(Path.of("target/model-check/model-report.md"));
		ModelCheckHarness.of(new GoodModelCatalog(), good)
			.reportDirectory(this.directory)
			.measuredOn(SharedCassandra.backend().jmxAddress())
			.measure();
		assertThat(Path.of("target/model-check/model-report.md")).content().contains("## Measured (this run only)");
		try (Stream<Path> committed = Files.list(this.directory)) {
			assertThat(committed).isEmpty();
		}
		assertThatIllegalStateException()
			.isThrownBy(
					() -> ModelCheckHarness.of(new GoodModelCatalog(), good).reportDirectory(this.directory).measure())
			.withMessageContaining("measuredOn");
	}

	/** A model with failures fails the build, listing each failure with its fix. */
	@Test
	void failingModelFailsTheBuild() {
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> withUpdate("true",
					() -> ModelCheckHarness.of(new AntiPatternCatalog(), anti).reportDirectory(this.directory)))
			.withMessageContaining("fail · events · partition-size/unbounded-partition")
			.withMessageContaining("Fix: Add a time bucket to the partition key")
			.withMessageContaining("untested-query");
	}

	/** Runs the harness with the update switch set as given, then restores it. */
	private static ModelReport withUpdate(String update, Supplier<ModelCheckHarness> harness) {
		String previous = System.getProperty(ModelCheckHarness.UPDATE_PROPERTY);
		System.setProperty(ModelCheckHarness.UPDATE_PROPERTY, update);
		try {
			return harness.get().verify();
		}
		finally {
			if (previous == null) {
				System.clearProperty(ModelCheckHarness.UPDATE_PROPERTY);
			}
			else {
				System.setProperty(ModelCheckHarness.UPDATE_PROPERTY, previous);
			}
		}
	}

}
