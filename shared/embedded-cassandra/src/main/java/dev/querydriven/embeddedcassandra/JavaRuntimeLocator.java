package dev.querydriven.embeddedcassandra;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Finds the Java runtime a Cassandra 5.0 node can run on. Cassandra 5.0 supports Java 11
 * and 17; Query-Driven compiles for 17, so the node runs on a Java 17: the current JVM
 * when it is one, otherwise {@code CASSANDRA_JAVA_HOME} (or
 * {@code -Dquerydriven.cassandra.java-home}), otherwise {@code JAVA_HOME} or a JDK 17
 * installed in the usual places. A user whose default Java is 21 or 25 is therefore not
 * stuck, and gets a clear message when no JDK 17 exists at all.
 */
public final class JavaRuntimeLocator {

	static final int REQUIRED_FEATURE_VERSION = 17;

	private final int currentFeatureVersion;

	private final Path currentJavaHome;

	private final Path configuredJavaHome;

	private final List<Path> candidates;

	JavaRuntimeLocator(int currentFeatureVersion, Path currentJavaHome, Path configuredJavaHome,
			List<Path> candidates) {
		this.currentFeatureVersion = currentFeatureVersion;
		this.currentJavaHome = currentJavaHome;
		this.configuredJavaHome = configuredJavaHome;
		this.candidates = candidates;
	}

	/**
	 * A locator for this JVM and machine.
	 * @return the locator
	 */
	public static JavaRuntimeLocator forThisMachine() {
		Map<String, String> environment = System.getenv();
		String configured = System.getProperty("querydriven.cassandra.java-home",
				environment.get("CASSANDRA_JAVA_HOME"));
		List<Path> candidates = new ArrayList<>();
		Optional.ofNullable(environment.get("JAVA_HOME")).map(Path::of).ifPresent(candidates::add);
		Path userHome = Path.of(System.getProperty("user.home"));
		for (Path root : List.of(Path.of("/usr/lib/jvm"), Path.of("/usr/java"), Path.of("/opt/java"),
				Path.of("/Library/Java/JavaVirtualMachines"), userHome.resolve(".sdkman/candidates/java"),
				userHome.resolve(".jdks"), userHome.resolve(".gradle/jdks"), Path.of("C:\\Program Files\\Java"),
				Path.of("C:\\Program Files\\Eclipse Adoptium"))) {
			candidates.addAll(children(root));
		}
		return new JavaRuntimeLocator(Runtime.version().feature(), Path.of(System.getProperty("java.home")),
				(configured != null && !configured.isBlank()) ? Path.of(configured) : null, candidates);
	}

	private static List<Path> children(Path root) {
		List<Path> children = new ArrayList<>();
		if (Files.isDirectory(root)) {
			try (DirectoryStream<Path> stream = Files.newDirectoryStream(root)) {
				for (Path child : stream) {
					children.add(child);
					children.add(child.resolve("Contents/Home"));
				}
			}
			catch (IOException ex) {
				// An unreadable directory holds no usable JDK.
			}
		}
		children.sort(null);
		return children;
	}

	/**
	 * The {@code java} executable to start the node with.
	 * @return the executable
	 * @throws IllegalStateException when no Java 17 can be found, explaining what to
	 * install
	 */
	public Path locate() {
		if (this.configuredJavaHome != null) {
			if (featureVersion(this.configuredJavaHome).orElse(-1) != REQUIRED_FEATURE_VERSION) {
				throw new IllegalStateException("CASSANDRA_JAVA_HOME (or querydriven.cassandra.java-home) points to "
						+ this.configuredJavaHome + ", which is not a Java " + REQUIRED_FEATURE_VERSION
						+ " runtime; Cassandra 5.0 runs on Java 11 or 17");
			}
			return executable(this.configuredJavaHome);
		}
		if (this.currentFeatureVersion == REQUIRED_FEATURE_VERSION) {
			return executable(this.currentJavaHome);
		}
		for (Path candidate : this.candidates) {
			if (featureVersion(candidate).orElse(-1) == REQUIRED_FEATURE_VERSION
					&& Files.isRegularFile(executable(candidate))) {
				return executable(candidate);
			}
		}
		throw new IllegalStateException("Cassandra 5.0 runs on Java 11 or 17, but this JVM is Java "
				+ this.currentFeatureVersion + " and no Java " + REQUIRED_FEATURE_VERSION
				+ " installation was found. Install a JDK 17 (for example 'sdk install java 17-tem', "
				+ "'apt install openjdk-17-jdk' or 'brew install openjdk@17') and, if it is not in a standard "
				+ "location, set CASSANDRA_JAVA_HOME to its directory.");
	}

	static Optional<Integer> featureVersion(Path javaHome) {
		Path release = javaHome.resolve("release");
		if (!Files.isRegularFile(release)) {
			return Optional.empty();
		}
		Properties properties = new Properties();
		try (Reader reader = Files.newBufferedReader(release)) {
			properties.load(reader);
		}
		catch (IOException ex) {
			return Optional.empty();
		}
		String version = properties.getProperty("JAVA_VERSION", "").replace("\"", "");
		if (version.startsWith("1.")) {
			version = version.substring(2);
		}
		int end = 0;
		while (end < version.length() && Character.isDigit(version.charAt(end))) {
			end++;
		}
		return (end > 0) ? Optional.of(Integer.parseInt(version.substring(0, end))) : Optional.empty();
	}

	private static Path executable(Path javaHome) {
		boolean windows = System.getProperty("os.name", "").toLowerCase().contains("win");
		return javaHome.resolve("bin").resolve(windows ? "java.exe" : "java");
	}

}
