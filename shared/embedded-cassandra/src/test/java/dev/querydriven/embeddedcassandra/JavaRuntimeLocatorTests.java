package dev.querydriven.embeddedcassandra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Cassandra 5.0 runs on Java 17 even when the application runs on a newer Java.
 */
class JavaRuntimeLocatorTests {

	@TempDir
	Path root;

	/** On Java 17 the node runs on the current JVM. */
	@Test
	void usesCurrentJvmWhenItIsJava17() throws IOException {
		Path current = jdk("current", "17.0.15");
		Path java = new JavaRuntimeLocator(17, current, null, List.of()).locate();
		assertThat(java).isEqualTo(current.resolve("bin").resolve("java"));
	}

	/** On Java 25 the locator skips other versions and finds an installed JDK 17. */
	@Test
	void findsInstalledJdk17WhenCurrentJvmIsNewer() throws IOException {
		Path jdk21 = jdk("jdk-21", "21.0.2");
		Path jdk17 = jdk("jdk-17", "17.0.9");
		Path java = new JavaRuntimeLocator(25, jdk("jdk-25", "25"), null, List.of(jdk21, jdk17)).locate();
		assertThat(java).isEqualTo(jdk17.resolve("bin").resolve("java"));
	}

	/** An explicitly configured runtime wins, and must be a Java 17. */
	@Test
	void configuredRuntimeWinsAndIsChecked() throws IOException {
		Path configured = jdk("configured", "17.0.1");
		assertThat(new JavaRuntimeLocator(17, jdk("other", "17.0.2"), configured, List.of()).locate())
			.isEqualTo(configured.resolve("bin").resolve("java"));
		Path wrong = jdk("wrong", "21.0.1");
		assertThatIllegalStateException()
			.isThrownBy(() -> new JavaRuntimeLocator(17, configured, wrong, List.of()).locate())
			.withMessageContaining("not a Java 17");
	}

	/** Without any JDK 17 the error says what to install. */
	@Test
	void explainsWhatToInstallWhenNoJdk17Exists() throws IOException {
		JavaRuntimeLocator locator = new JavaRuntimeLocator(25, jdk("jdk-25", "25"), null,
				List.of(jdk("jdk-21", "21.0.2"), this.root.resolve("not-a-jdk")));
		assertThatIllegalStateException().isThrownBy(locator::locate)
			.withMessageContaining("Java 11 or 17")
			.withMessageContaining("Install a JDK 17")
			.withMessageContaining("CASSANDRA_JAVA_HOME");
	}

	/** Version strings of old and new formats are understood. */
	@Test
	void readsFeatureVersionFromReleaseFile() throws IOException {
		assertThat(JavaRuntimeLocator.featureVersion(jdk("a", "17.0.15"))).contains(17);
		assertThat(JavaRuntimeLocator.featureVersion(jdk("b", "1.8.0_392"))).contains(8);
		assertThat(JavaRuntimeLocator.featureVersion(jdk("c", "25"))).contains(25);
		assertThat(JavaRuntimeLocator.featureVersion(this.root.resolve("missing"))).isEmpty();
	}

	private Path jdk(String name, String version) throws IOException {
		Path home = this.root.resolve(name);
		Files.createDirectories(home.resolve("bin"));
		Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
		Files.writeString(home.resolve("bin").resolve("java"), "");
		return home;
	}

}
