package dev.querydriven.benchmarks.peer;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.internal.core.session.throttling.ConcurrencyLimitingRequestThrottler;
import org.slf4j.LoggerFactory;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.codec.json.JacksonJsonEncoder;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.ReactorHttpHandlerAdapter;
import org.springframework.web.reactive.function.server.HandlerStrategies;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * A lean peer of a service's hottest requests: the smallest honest server doing the same
 * work, to judge what the project's own code adds on top of WebFlux, Jackson and the
 * Cassandra driver. Each peered request has the service's path, method, status and JSON
 * body, runs the same statements (the same texts, each prepared once at startup, at the
 * same consistency, equally idempotent) and checks the same bearer tokens; and nothing
 * else: a WebFlux functional endpoint on Reactor Netty, no application context, no
 * auto-configuration, no security filter chain, no observation, no validation framework,
 * no object mapping between rows and responses beyond reading each column once.
 *
 * <p>
 * Run with {@code --service=social-feed|ecommerce-orders|iot-sensors|blog-platform} and
 * the node's coordinates in the environment ({@code QUERYDRIVEN_PEER_CONTACT_POINT} as
 * {@code host:port}, {@code QUERYDRIVEN_PEER_DATACENTER},
 * {@code QUERYDRIVEN_PEER_KEYSPACE}, {@code QUERYDRIVEN_PEER_USERNAME},
 * {@code QUERYDRIVEN_PEER_PASSWORD}) and {@code QUERYDRIVEN_PEER_PUBLIC_KEY}, the PEM
 * file of the public key the callers' tokens are signed with. The peer listens on a free
 * port of 127.0.0.1, prints {@code ##querydriven-peer ready <port>} once it accepts
 * requests, and stops when its standard input ends.
 */
public final class LeanPeer {

	/** The line telling the harness that the peer accepts requests, then its port. */
	public static final String READY = "##querydriven-peer ready ";

	private static final String ECOMMERCE_ORDERS = "ecommerce-orders";

	private static final String BLOG_PLATFORM = "blog-platform";

	private static final String IOT_SENSORS = "iot-sensors";

	private static final String SOCIAL_FEED = "social-feed";

	/**
	 * The services' driver settings that shape a request's path: the 10 s request timeout
	 * every layer of the benchmarks runs with, two connections per node (the services'
	 * {@code querydriven.cassandra.connections-per-node}: each connection's responses,
	 * and the work that follows them, run on its own event loop), and the services'
	 * throttler (at most 256 statements in flight, up to 10,000 waiting).
	 */
	private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

	private static final int CONNECTIONS_PER_NODE = 2;

	private static final int MAX_CONCURRENT_REQUESTS = 256;

	private static final int MAX_QUEUED_REQUESTS = 10_000;

	private LeanPeer() {
	}

	/**
	 * The workloads a service's peer serves.
	 * @param service the service, e.g. {@code blog-platform}
	 * @return the workload ids, e.g. {@code blog-platform/post} (none for a service
	 * without a peer)
	 */
	public static List<String> workloads(String service) {
		return switch (service) {
			case ECOMMERCE_ORDERS -> List.of(OrderHistoryPeer.WORKLOAD, PlaceOrderPeer.WORKLOAD);
			case BLOG_PLATFORM -> List.of(BlogPeer.POST, BlogPeer.VIEW);
			case IOT_SENSORS -> List.of(LatestReadingsPeer.WORKLOAD, IngestionPeer.INGEST_1, IngestionPeer.INGEST_100,
					IngestionPeer.INGEST_1000);
			case SOCIAL_FEED -> List.of(TimelinePeer.WORKLOAD, PublishPeer.WORKLOAD);
			default -> List.of();
		};
	}

	/**
	 * Runs a service's peer until standard input ends.
	 * @param args {@code --service=<name>}
	 * @throws IOException when standard input cannot be read
	 */
	public static void main(String[] args) throws IOException {
		quietLogging();
		String service = service(args);
		if (workloads(service).isEmpty()) {
			throw new IllegalArgumentException("No lean peer for the service '" + service + "'");
		}
		// Captured before anything else may print: stdout carries the ready line, and
		// nothing may come between its text and its flush.
		PrintStream out = System.out;
		CqlSession session = openSession();
		DisposableServer server;
		try {
			server = serve(routes(service, session));
		}
		catch (RuntimeException ex) {
			session.close();
			throw ex;
		}
		out.println(READY + server.port());
		out.flush();
		awaitEndOfInput(System.in);
		server.disposeNow();
		session.close();
		System.exit(0);
	}

	/**
	 * The routes of a service's peers.
	 * @param service the service
	 * @param session the session, in the service's keyspace, on which each peer prepares
	 * its statements
	 * @return the routes
	 */
	static RouterFunction<ServerResponse> routes(String service, CqlSession session) {
		return switch (service) {
			case ECOMMERCE_ORDERS -> {
				BearerTokens tokens = tokens(ECOMMERCE_ORDERS);
				yield new OrderHistoryPeer(session, tokens, CursorSigner.withRandomKey()).routes()
					.and(new PlaceOrderPeer(session, tokens, new Intents(session, Clock.systemUTC()), Clock.systemUTC())
						.routes());
			}
			case BLOG_PLATFORM -> new BlogPeer(session).routes();
			case IOT_SENSORS -> {
				BearerTokens tokens = tokens(IOT_SENSORS);
				yield new LatestReadingsPeer(session, tokens, CursorSigner.withRandomKey(), Clock.systemUTC()).routes()
					.and(new IngestionPeer(session, tokens, new Intents(session, Clock.systemUTC()), Clock.systemUTC())
						.routes());
			}
			case SOCIAL_FEED -> {
				BearerTokens tokens = tokens(SOCIAL_FEED);
				yield new TimelinePeer(session, tokens, CursorSigner.withRandomKey(), Clock.systemUTC()).routes()
					.and(new PublishPeer(session, tokens, new Intents(session, Clock.systemUTC()), Clock.systemUTC())
						.routes());
			}
			default -> throw new IllegalArgumentException("No lean peer for the service '" + service + "'");
		};
	}

	/**
	 * Serves routes on a free port of the loopback interface: the routes as an
	 * {@link HttpHandler}, adapted to Reactor Netty's server, as Spring Boot does for a
	 * WebFlux application, minus the filters, the exception handlers and the context.
	 * @param routes the routes
	 * @return the bound server
	 */
	static DisposableServer serve(RouterFunction<ServerResponse> routes) {
		// The services' JSON: Jackson 3 with its defaults, which is what their mapper
		// writes (their own settings only make reading strict).
		JsonMapper json = JsonMapper.builder().build();
		HandlerStrategies strategies = HandlerStrategies.builder()
			.codecs((codecs) -> codecs.defaultCodecs().jacksonJsonEncoder(new JacksonJsonEncoder(json)))
			.build();
		HttpHandler handler = RouterFunctions.toHttpHandler(routes, strategies);
		return HttpServer.create().host("127.0.0.1").port(0).handle(new ReactorHttpHandlerAdapter(handler)).bindNow();
	}

	private static BearerTokens tokens(String service) {
		return new BearerTokens(BearerTokens.readPublicKey(Path.of(environment("QUERYDRIVEN_PEER_PUBLIC_KEY"))),
				service);
	}

	private static CqlSession openSession() {
		String contactPoint = environment("QUERYDRIVEN_PEER_CONTACT_POINT");
		int colon = contactPoint.lastIndexOf(':');
		if (colon < 1) {
			throw new IllegalArgumentException(
					"QUERYDRIVEN_PEER_CONTACT_POINT must be host:port, not '" + contactPoint + "'");
		}
		String keyspace = environment("QUERYDRIVEN_PEER_KEYSPACE");
		DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
			.withDuration(DefaultDriverOption.REQUEST_TIMEOUT, REQUEST_TIMEOUT)
			.withInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE, CONNECTIONS_PER_NODE)
			.withClass(DefaultDriverOption.REQUEST_THROTTLER_CLASS, ConcurrencyLimitingRequestThrottler.class)
			.withInt(DefaultDriverOption.REQUEST_THROTTLER_MAX_CONCURRENT_REQUESTS, MAX_CONCURRENT_REQUESTS)
			.withInt(DefaultDriverOption.REQUEST_THROTTLER_MAX_QUEUE_SIZE, MAX_QUEUED_REQUESTS)
			// Schema metadata of the peer's own keyspace only, as the services read it.
			.withStringList(DefaultDriverOption.METADATA_SCHEMA_REFRESHED_KEYSPACES, List.of(keyspace))
			.build();
		return CqlSession.builder()
			.withConfigLoader(config)
			.addContactPoint(InetSocketAddress.createUnresolved(contactPoint.substring(0, colon),
					Integer.parseInt(contactPoint.substring(colon + 1))))
			.withLocalDatacenter(environment("QUERYDRIVEN_PEER_DATACENTER"))
			.withAuthCredentials(environment("QUERYDRIVEN_PEER_USERNAME"), environment("QUERYDRIVEN_PEER_PASSWORD"))
			.withKeyspace(keyspace)
			.build();
	}

	private static String service(String[] args) {
		for (String arg : args) {
			if (arg.startsWith("--service=")) {
				return arg.substring("--service=".length());
			}
		}
		throw new IllegalArgumentException("Usage: LeanPeer --service=<" + SOCIAL_FEED + "|" + ECOMMERCE_ORDERS + "|"
				+ BLOG_PLATFORM + "|" + IOT_SENSORS + ">");
	}

	private static String environment(String name) {
		String value = System.getenv(name);
		if (value == null || value.isBlank()) {
			throw new IllegalStateException("The environment variable " + name + " is not set");
		}
		return value;
	}

	/**
	 * The harness holds the peer's standard input open while it needs the peer; its end
	 * (the harness closed it, or died) is the signal to stop.
	 */
	private static void awaitEndOfInput(InputStream in) throws IOException {
		byte[] buffer = new byte[256];
		while (in.read(buffer) != -1) {
			// Whatever arrives is not a command: only the end counts.
		}
	}

	/**
	 * Warnings and errors only. Without a configuration of its own, Logback logs
	 * everything at DEBUG to standard output: Reactor Netty and the driver would log
	 * every request, which is work the services (at INFO) do not do, and their lines
	 * would share the stream with the ready line.
	 */
	private static void quietLogging() {
		if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logback) {
			logback.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).setLevel(Level.WARN);
		}
	}

}
