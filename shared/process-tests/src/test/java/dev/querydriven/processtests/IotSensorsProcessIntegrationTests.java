package dev.querydriven.processtests;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.benchmarks.http.ServiceJvm;
import dev.querydriven.embeddedcassandra.CassandraLogin;
import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.embeddedcassandra.EmbeddedCassandra;
import dev.querydriven.servicesupport.cassandra.KeyspaceProvisioner;
import dev.querydriven.servicesupport.cassandra.QueryDrivenCassandraProperties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * iot-sensors' jar, as it runs in production, cut short in the middle of a registration:
 * halted right after the source row (as a kill would end it), stopped by a
 * {@code SIGTERM} while the copy waits, and left by a client that closes its socket.
 * Every registration it began shows in both registry tables, through the API, without a
 * client retry: the durable intent and the sweeper of the next JVM, the graceful
 * shutdown's drain, and the change's own detached subscription.
 */
@Tag("slow")
class IotSensorsProcessIntegrationTests {

	private static final String SERVICE = "iot-sensors";

	private static final Duration CONVERGED_WITHIN = Duration.ofSeconds(30);

	private static final List<String> JVM_OPTIONS = List.of("-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

	private static EmbeddedCassandra node;

	private static CqlSession admin;

	private static Credentials role;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@BeforeAll
	static void node() {
		node = EmbeddedCassandra.builder()
			.directory(target().resolve("node"))
			.throwaway(true)
			.stopTimeout(Duration.ofSeconds(10))
			.build()
			.start();
		admin = CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(), node.superuser(),
				Duration.ofSeconds(60));
		role = Credentials.generate("iot_sensors");
		KeyspaceProvisioner.provision(admin, "iot_sensors",
				new QueryDrivenCassandraProperties.Replication("SimpleStrategy", 1), node.localDatacenter(),
				role.username(), role.password());
	}

	@AfterAll
	static void stopNode() {
		if (admin != null) {
			admin.close();
		}
		if (node != null) {
			node.close();
		}
	}

	/**
	 * A JVM halted right after a registration's source row leaves its copy unwritten; the
	 * next JVM's sweeper writes it, and the site's sensors list it within 30 seconds.
	 */
	@Test
	void aRegistrationHaltedAfterItsSourceIsFinishedByTheNextJvm() throws Exception {
		UUID siteId = UUID.randomUUID();
		UUID sensorId = UUID.randomUUID();
		try (ServiceJvm halting = start("halt",
				Map.of("spring.profiles.active", "faults", "querydriven.testing.halt-after", "sensor-registered"))) {
			assertThatExceptionOfType(IOException.class).as("the JVM halts before it answers")
				.isThrownBy(() -> this.http.send(register(halting, sensorId, siteId),
						HttpResponse.BodyHandlers.ofString()));
			assertThat(halting.awaitExit(Duration.ofSeconds(30))).as("Runtime.halt's status").isEqualTo(137);
		}
		assertThat(sourceRow(sensorId)).as("the source row was written").isTrue();
		assertThat(siteCopy(siteId, sensorId)).as("its copy was not").isFalse();

		try (ServiceJvm next = start("after-halt", Map.of())) {
			await().atMost(CONVERGED_WITHIN)
				.pollInterval(Duration.ofMillis(250))
				.untilAsserted(
						() -> assertThat(get(next, "/sites/" + siteId + "/sensors")).contains(sensorId.toString()));
		}
	}

	/**
	 * A client that closes its socket while the copy waits does not stop the change: the
	 * copy is written by the same JVM. A {@code SIGTERM} while another copy waits lets
	 * the graceful shutdown finish it before the JVM exits.
	 */
	@Test
	void aDisconnectAndASigtermWhileTheCopyWaitsLoseNothing() throws Exception {
		UUID siteId = UUID.randomUUID();
		UUID abandoned = UUID.randomUUID();
		UUID terminated = UUID.randomUUID();
		try (ServiceJvm delaying = start("delay",
				Map.of("spring.profiles.active", "faults", "querydriven.testing.delay-copies", "3s"))) {
			try (Socket client = send(delaying, register(siteId, abandoned))) {
				await().atMost(CONVERGED_WITHIN).pollInterval(Duration.ofMillis(50)).until(() -> sourceRow(abandoned));
				assertThat(siteCopy(siteId, abandoned)).as("the copy is still waiting").isFalse();
			}
			await().atMost(CONVERGED_WITHIN)
				.pollInterval(Duration.ofMillis(250))
				.untilAsserted(() -> assertThat(get(delaying, "/sites/" + siteId + "/sensors"))
					.contains(abandoned.toString()));

			try (Socket client = send(delaying, register(siteId, terminated))) {
				await().atMost(CONVERGED_WITHIN).pollInterval(Duration.ofMillis(50)).until(() -> sourceRow(terminated));
				assertThat(siteCopy(siteId, terminated)).as("the copy is still waiting").isFalse();
				delaying.terminate();
				delaying.awaitExit(Duration.ofSeconds(60));
			}
		}
		assertThat(siteCopy(siteId, terminated)).as("written before the JVM exited").isTrue();
	}

	private ServiceJvm start(String name, Map<String, String> faults) {
		Map<String, String> properties = new LinkedHashMap<>(
				ServiceJvm.connection(node.contactPoint().getHostString() + ":" + node.contactPoint().getPort(),
						node.localDatacenter(), role));
		properties.put("querydriven.iot-sensors.seed.enabled", "false");
		properties.putAll(faults);
		return ServiceJvm.start(SERVICE, jar(), properties, Map.of("SPRING_CASSANDRA_PASSWORD", role.password()),
				JVM_OPTIONS, target().resolve(SERVICE + "-" + name + ".log"), (message) -> {
				});
	}

	private static String register(UUID siteId, UUID sensorId) {
		return "{\"sensorId\":\"" + sensorId + "\",\"siteId\":\"" + siteId
				+ "\",\"type\":\"cold-chain\",\"samplingIntervalSeconds\":60}";
	}

	private static HttpRequest register(ServiceJvm jvm, UUID sensorId, UUID siteId) {
		return HttpRequest.newBuilder(URI.create(jvm.baseUrl() + "/sensors"))
			.header("Content-Type", "application/json")
			.timeout(Duration.ofSeconds(30))
			.POST(HttpRequest.BodyPublishers.ofString(register(siteId, sensorId)))
			.build();
	}

	/**
	 * A request written on a socket of its own, which the caller closes when it chooses:
	 * a client that goes away before the answer.
	 */
	private static Socket send(ServiceJvm jvm, String json) throws IOException {
		URI base = URI.create(jvm.baseUrl());
		Socket socket = new Socket(base.getHost(), base.getPort());
		byte[] body = json.getBytes(StandardCharsets.UTF_8);
		OutputStream out = socket.getOutputStream();
		out.write(("POST /sensors HTTP/1.1\r\nHost: " + base.getHost() + "\r\nContent-Type: application/json\r\n"
				+ "Content-Length: " + body.length + "\r\n\r\n")
			.getBytes(StandardCharsets.US_ASCII));
		out.write(body);
		out.flush();
		return socket;
	}

	private String get(ServiceJvm jvm, String path) throws IOException, InterruptedException {
		return this.http
			.send(HttpRequest.newBuilder(URI.create(jvm.baseUrl() + path)).timeout(Duration.ofSeconds(10)).build(),
					HttpResponse.BodyHandlers.ofString())
			.body();
	}

	private static boolean sourceRow(UUID sensorId) {
		return admin.execute("SELECT sensor_id FROM iot_sensors.sensors_by_id WHERE sensor_id = ?", sensorId)
			.one() != null;
	}

	private static boolean siteCopy(UUID siteId, UUID sensorId) {
		return admin
			.execute("SELECT sensor_id FROM iot_sensors.sensors_by_site WHERE site_id = ? AND sensor_id = ?", siteId,
					sensorId)
			.one() != null;
	}

	private static Path target() {
		return Path.of("target", "process-tests").toAbsolutePath();
	}

	/** The service's runnable jar, as its build left it in its {@code target}. */
	private static Path jar() {
		Path target = Path.of("..", "..", SERVICE, "target").toAbsolutePath().normalize();
		try (Stream<Path> files = Files.list(target)) {
			return files
				.filter((file) -> file.getFileName().toString().matches(SERVICE + "-[0-9][^-]*(-SNAPSHOT)?\\.jar"))
				.findFirst()
				.orElseThrow(() -> new IllegalStateException("No runnable jar in " + target + ": package it first"));
		}
		catch (IOException ex) {
			throw new IllegalStateException("No build output in " + target, ex);
		}
	}

}
