package dev.querydriven.benchmarks.http;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.querydriven.benchmarks.JavaProcess;
import dev.querydriven.benchmarks.peer.LeanPeer;
import dev.querydriven.embeddedcassandra.Credentials;

/**
 * A service's lean peer in a JVM of its own ({@link LeanPeer}): the same JVM options as
 * the service's, the same node, keyspace and role, the same callers' public key. Ready
 * once it prints the port it listens on; it stops when its standard input ends.
 */
public final class PeerJvm implements AutoCloseable {

	private static final Duration STARTUP_LIMIT = Duration.ofMinutes(2);

	private final JavaProcess process;

	private final String baseUrl;

	private PeerJvm(JavaProcess process, String baseUrl) {
		this.process = process;
		this.baseUrl = baseUrl;
	}

	/**
	 * Starts a service's lean peer and waits until it listens.
	 * @param service the service's name
	 * @param keyspace its keyspace
	 * @param contactPoint the node, {@code host:port}
	 * @param datacenter the node's datacenter
	 * @param role the service's runtime login
	 * @param jvmOptions the JVM's options (the services')
	 * @param log where its output goes
	 * @return the running peer
	 */
	public static PeerJvm start(String service, String keyspace, String contactPoint, String datacenter,
			Credentials role, List<String> jvmOptions, Path log) {
		List<String> arguments = new ArrayList<>(jvmOptions);
		arguments.addAll(List.of("-cp", String.join(java.io.File.pathSeparator, JavaProcess.classPath()),
				LeanPeer.class.getName(), "--service=" + service));
		CompletableFuture<String> url = new CompletableFuture<>();
		JavaProcess process = JavaProcess.start(HttpPlan.Phase.peerOf(service), arguments,
				Map.of("QUERYDRIVEN_PEER_CONTACT_POINT", contactPoint, "QUERYDRIVEN_PEER_DATACENTER", datacenter,
						"QUERYDRIVEN_PEER_KEYSPACE", keyspace, "QUERYDRIVEN_PEER_USERNAME", role.username(),
						"QUERYDRIVEN_PEER_PASSWORD", role.password(), "QUERYDRIVEN_PEER_PUBLIC_KEY",
						CallerTokens.of(service).publicKey().toAbsolutePath().toString()),
				log, (line) -> {
					if (line.startsWith(LeanPeer.READY)) {
						url.complete("http://127.0.0.1:" + line.substring(LeanPeer.READY.length()).trim());
					}
				});
		try {
			CompletableFuture.anyOf(url, process.onExit())
				.orTimeout(STARTUP_LIMIT.toSeconds(), TimeUnit.SECONDS)
				.join();
			if (!url.isDone()) {
				throw new IllegalStateException(service + "'s lean peer stopped while starting; see " + log);
			}
			return new PeerJvm(process, url.join());
		}
		catch (RuntimeException ex) {
			process.close();
			throw ex;
		}
	}

	/**
	 * Where the peer listens.
	 * @return e.g. {@code http://127.0.0.1:43210}
	 */
	public String baseUrl() {
		return this.baseUrl;
	}

	/**
	 * The peer's process.
	 * @return its handle
	 */
	public ProcessHandle handle() {
		return this.process.handle();
	}

	/**
	 * Stops the peer: the end of its input, then its exit.
	 */
	@Override
	public void close() {
		this.process.closeInput();
		this.process.awaitSuccess(Duration.ofSeconds(30));
	}

}
