package dev.querydriven.processtests;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.jayway.jsonpath.JsonPath;
import dev.querydriven.benchmarks.api.HttpCall.Caller;
import dev.querydriven.benchmarks.http.CallerTokens;
import dev.querydriven.benchmarks.http.ServiceJvm;
import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.testcassandra.CassandraBackend;
import dev.querydriven.testcassandra.SharedCassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * One service's runnable jar on the test JVM's one node ({@link SharedCassandra}), and
 * the three ways its process tests cut a change short:
 * <ul>
 * <li>{@link #halting(String)}: a JVM that halts right after the source write of a kind
 * of change, as a {@code SIGKILL} would end it;</li>
 * <li>{@link #delaying()}: a JVM whose copies wait 3 s after their source, long enough
 * for a client to close its socket ({@link #sendAndLeave}) or for a {@code SIGTERM}
 * ({@link ServiceJvm#terminate()});</li>
 * <li>the next JVM, whose sweeper finishes what a halted one began: the delaying JVM
 * serves as that JVM too (the delay holds a request's copies only, never the sweeper's
 * replays).</li>
 * </ul>
 * Requests carry JSON written by the tests and the bearer token of their {@link Caller},
 * signed by {@link CallerTokens} with the key whose public half the jar trusts
 * ({@code public-key-location}, as a production deployment names its issuer's key: the
 * jar has no dev tokens to hand out). Rows are read as the superuser, with their full
 * primary key.
 */
final class ServiceProcess implements AutoCloseable {

	/** How long after the next JVM is up every copy must show. */
	static final Duration CONVERGED_WITHIN = Duration.ofSeconds(30);

	private static final List<String> JVM_OPTIONS = List.of("-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

	private static final int HALTED = 137;

	private final String service;

	private final Credentials role;

	private final Credentials migrator;

	private final CallerTokens tokens;

	private final CqlSession admin;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	/**
	 * A service's jar on the shared node, its keyspace and roles provisioned as the admin
	 * step of a deployment does.
	 * @param service the service's module, e.g. {@code ecommerce-orders}; its keyspace
	 * and role are the name in snake case
	 */
	ServiceProcess(String service) {
		this.service = service;
		String keyspace = service.replace('-', '_');
		SharedCassandra.ServiceLogins logins = SharedCassandra.serviceLogins(keyspace, keyspace);
		this.role = logins.runtime();
		this.migrator = logins.migrator();
		this.tokens = CallerTokens.of(service);
		this.admin = SharedCassandra.adminSession();
	}

	/**
	 * A user's token: the subject is the user's id, which the service acts as.
	 * @param id the user
	 * @param roles the user's roles, e.g. {@code staff}
	 * @return the caller
	 */
	static Caller user(UUID id, String... roles) {
		return new Caller(id.toString(), List.of(roles), null);
	}

	/**
	 * The token of a device or a tool, which acts by the scope it was granted.
	 * @param subject the token's subject, e.g. a sensor's id
	 * @param scope the scope, e.g. {@code readings:write}
	 * @return the caller
	 */
	static Caller granted(String subject, String scope) {
		return new Caller(subject, List.of(), scope);
	}

	/**
	 * The jar started with the faults profile, halting right after the source write of a
	 * change of the given kind.
	 * @param kind the change's kind, e.g. {@code order-placed}
	 * @return the running JVM
	 */
	ServiceJvm halting(String kind) {
		return start("halt-" + kind,
				Map.of("spring.profiles.active", "faults", "querydriven.testing.halt-after", kind));
	}

	/**
	 * The jar started with the faults profile, every request's copies held 3 s after its
	 * source write.
	 * @return the running JVM
	 */
	ServiceJvm delaying() {
		return start("delay", Map.of("spring.profiles.active", "faults", "querydriven.testing.delay-copies", "3s"));
	}

	private ServiceJvm start(String name, Map<String, String> faults) {
		CassandraBackend node = SharedCassandra.backend();
		String contactPoint = node.contactPoints().get(0).getHostString() + ":" + node.contactPoints().get(0).getPort();
		Map<String, String> properties = new LinkedHashMap<>(
				ServiceJvm.connection(contactPoint, node.localDatacenter(), this.role));
		properties.put("querydriven.cassandra.migrator.username", this.migrator.username());
		properties.put("querydriven." + this.service + ".seed.enabled", "false");
		properties.putAll(this.tokens.serviceProperties());
		properties.putAll(faults);
		return ServiceJvm.start(this.service,
				ServiceJvm.runnableJar(
						this.service, Path.of("..", "..", this.service, "target").toAbsolutePath().normalize()),
				properties,
				Map.of("SPRING_CASSANDRA_PASSWORD", this.role.password(), ServiceJvm.MIGRATOR_PASSWORD_VARIABLE,
						this.migrator.password()),
				JVM_OPTIONS, target().resolve(this.service + "-" + name + ".log"), (message) -> {
				});
	}

	/**
	 * Sends a request that the JVM's halt cuts off, and waits for the JVM to end.
	 * @param jvm a JVM from {@link #halting(String)}
	 * @param caller who sends it
	 * @param method the HTTP method
	 * @param path the path
	 * @param json the body
	 * @param headers more headers, as names and values
	 */
	void sendUntilHalted(ServiceJvm jvm, Caller caller, String method, String path, String json, String... headers) {
		assertThatExceptionOfType(IOException.class).as("the JVM halts before it answers %s %s", method, path)
			.isThrownBy(() -> this.http.send(request(jvm, caller, method, path, json, headers),
					HttpResponse.BodyHandlers.ofString()));
		assertThat(jvm.awaitExit(Duration.ofSeconds(30))).as("Runtime.halt's status").isEqualTo(HALTED);
	}

	/**
	 * Sends a request and returns its answer.
	 * @param jvm the JVM
	 * @param caller who sends it
	 * @param method the HTTP method
	 * @param path the path
	 * @param json the body
	 * @return the answer's status and body
	 */
	HttpResponse<String> send(ServiceJvm jvm, Caller caller, String method, String path, String json) {
		return call(
				() -> this.http.send(request(jvm, caller, method, path, json), HttpResponse.BodyHandlers.ofString()));
	}

	/**
	 * The body of a {@code GET} that succeeds.
	 * @param jvm the JVM
	 * @param caller who sends it, or {@code null} for a public route
	 * @param path the path
	 * @return the body
	 */
	private String get(ServiceJvm jvm, Caller caller, String path) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(jvm.baseUrl() + path))
			.timeout(Duration.ofSeconds(10));
		if (caller != null) {
			request.header("Authorization", this.tokens.authorization(caller));
		}
		HttpResponse<String> response = call(
				() -> this.http.send(request.build(), HttpResponse.BodyHandlers.ofString()));
		// A refused read (a 401 or 403 problem) lists no items either: its status tells a
		// caller without the right token from a copy not yet written.
		assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
		return response.body();
	}

	/**
	 * Waits until a {@code GET} answers JSON in which a path finds exactly the given
	 * values.
	 * @param jvm the JVM
	 * @param caller who reads, or {@code null} for a public route
	 * @param path the request's path
	 * @param jsonPath where to look, e.g. {@code $.items[?(@.orderId == '...')].status}
	 * @param expected the values found, in order
	 */
	void awaitJson(ServiceJvm jvm, Caller caller, String path, String jsonPath, Object... expected) {
		await().atMost(CONVERGED_WITHIN)
			.pollInterval(Duration.ofMillis(250))
			.untilAsserted(() -> assertThat(JsonPath.<List<Object>>read(get(jvm, caller, path), jsonPath))
				.as("%s in GET %s", jsonPath, path)
				.containsExactly(expected));
	}

	/**
	 * A request written on a socket of its own, which the caller closes when it chooses:
	 * a client that goes away before the answer.
	 * @param jvm the JVM
	 * @param caller who sends it
	 * @param method the HTTP method
	 * @param path the path
	 * @param json the body
	 * @param headers more headers, as names and values
	 * @return the open socket
	 */
	Socket sendAndLeave(ServiceJvm jvm, Caller caller, String method, String path, String json, String... headers) {
		return call(() -> {
			URI base = URI.create(jvm.baseUrl());
			Socket socket = new Socket(base.getHost(), base.getPort());
			byte[] body = json.getBytes(StandardCharsets.UTF_8);
			OutputStream out = socket.getOutputStream();
			StringBuilder head = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: " + base.getHost()
					+ "\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\nAuthorization: "
					+ this.tokens.authorization(caller) + "\r\n");
			for (int i = 0; i < headers.length; i += 2) {
				head.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
			}
			out.write(head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
			out.write(body);
			out.flush();
			return socket;
		});
	}

	/**
	 * The one row a query with a full primary key finds, read as the superuser.
	 * @param cql the query
	 * @param values its bound values
	 * @return the row, or {@code null}
	 */
	Row row(String cql, Object... values) {
		return this.admin.execute(this.admin.prepare(cql).bind(values)).one();
	}

	/**
	 * Waits until a row is there (a source written by a request still running).
	 * @param cql the query
	 * @param values its bound values
	 * @return the row
	 */
	Row awaitRow(String cql, Object... values) {
		return awaitRow((row) -> true, cql, values);
	}

	/**
	 * Waits until a row is there and meets a condition (a source changed by a request
	 * still running).
	 * @param condition what the row must meet
	 * @param cql the query
	 * @param values its bound values
	 * @return the row
	 */
	Row awaitRow(Predicate<Row> condition, String cql, Object... values) {
		return await().atMost(CONVERGED_WITHIN)
			.pollInterval(Duration.ofMillis(50))
			.until(() -> row(cql, values), (found) -> found != null && condition.test(found));
	}

	@Override
	public void close() {
		this.admin.close();
	}

	private HttpRequest request(ServiceJvm jvm, Caller caller, String method, String path, String json,
			String... headers) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(jvm.baseUrl() + path))
			.header("Content-Type", "application/json")
			.header("Authorization", this.tokens.authorization(caller))
			.timeout(Duration.ofSeconds(30))
			.method(method, HttpRequest.BodyPublishers.ofString(json));
		for (int i = 0; i < headers.length; i += 2) {
			request.header(headers[i], headers[i + 1]);
		}
		return request.build();
	}

	private static <T> T call(Callable<T> io) {
		try {
			return io.call();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static Path target() {
		return Path.of("target", "process-tests").toAbsolutePath();
	}

}
