package dev.querydriven.processtests.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.querydriven.benchmarks.http.CallerTokens;
import dev.querydriven.benchmarks.http.ServiceJvm;

/**
 * A service's runnable jar in a JVM of its own, pointed at the three nodes and logged in
 * with the logins the provisioning wrote for it (read as a config tree, as Compose's
 * services read theirs), trusting the tokens of {@link CallerTokens}. The jar is copied
 * to {@code target/faults} first, so that a build running meanwhile cannot replace it
 * under the JVM.
 */
final class RunningService implements AutoCloseable {

	private static final List<String> JVM_OPTIONS = List.of("-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

	private final String name;

	private final CallerTokens tokens;

	private final ServiceJvm jvm;

	private RunningService(String name, CallerTokens tokens, ServiceJvm jvm) {
		this.name = name;
		this.tokens = tokens;
		this.jvm = jvm;
	}

	/**
	 * Starts a service and waits until it is healthy. Its schema migrations run on a ring
	 * formed a moment ago, where a node may not know a table for a moment after the nodes
	 * agreed on it: the migrations wait that out themselves, and a service that does not
	 * start fails the test.
	 * @param name the service's module, e.g. {@code social-feed}
	 * @param cluster the nodes, provisioned for it
	 * @param directory where its jar and logs go
	 * @return the running service
	 */
	static RunningService start(String name, FaultCluster cluster, Path directory) {
		CallerTokens tokens = CallerTokens.of(name);
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("spring.config.import", "configtree:" + cluster.logins(name) + "/");
		properties.put("spring.cassandra.contact-points", cluster.contactPoints());
		properties.put("spring.cassandra.local-datacenter", cluster.datacenter());
		properties.put("querydriven." + name + ".seed.enabled", "false");
		properties.put("querydriven.dual-write.intents.shards", String.valueOf(WriteIntentRows.SHARDS));
		properties.putAll(tokens.serviceProperties());
		Path jar = copyOfJar(name, directory);
		Path log = directory.resolve(name + ".log");
		try {
			ServiceJvm jvm = ServiceJvm.start(name, jar, properties, Map.of(), JVM_OPTIONS, log,
					(message) -> Console.phase("%s", message));
			Console.phase("%s healthy, logging to %s", name, log);
			return new RunningService(name, tokens, jvm);
		}
		catch (IllegalStateException ex) {
			throw new IllegalStateException(name + " did not start: " + brief(reason(log)), ex);
		}
	}

	private static Path copyOfJar(String name, Path directory) {
		Path built = ServiceJvm.runnableJar(name, Path.of("..", "..", name, "target").toAbsolutePath().normalize());
		try {
			Files.createDirectories(directory);
			return Files.copy(built, directory.resolve(built.getFileName()), StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Why a start failed, from its log: the last cause logged.
	 */
	private static String reason(Path log) {
		try {
			return Files.readAllLines(log)
				.stream()
				.filter((line) -> line.contains("Caused by:"))
				.reduce((first, last) -> last)
				.map(String::strip)
				.orElse("no cause logged; see " + log);
		}
		catch (IOException | UncheckedIOException ex) {
			return "no log: " + ex.getMessage();
		}
	}

	/**
	 * The end of a long line: a nested exception's message ends with its innermost cause.
	 */
	private static String brief(String reason) {
		return (reason.length() > 300) ? "..." + reason.substring(reason.length() - 300) : reason;
	}

	/**
	 * The service's name.
	 * @return e.g. {@code social-feed}
	 */
	String name() {
		return this.name;
	}

	/**
	 * Where the service listens.
	 * @return e.g. {@code http://127.0.0.1:43210}
	 */
	String baseUrl() {
		return this.jvm.baseUrl();
	}

	/**
	 * The tokens the service trusts.
	 * @return its callers' tokens
	 */
	CallerTokens tokens() {
		return this.tokens;
	}

	@Override
	public void close() {
		this.jvm.close();
	}

}
