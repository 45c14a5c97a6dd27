package dev.querydriven.processtests.faults;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.querydriven.processtests.faults.Workload.Call;
import dev.querydriven.processtests.faults.Workload.Write;

/**
 * A workload's clients, each on a thread of its own, sending one request at a time to a
 * running service until stopped, and a record of every request: attempted; acknowledged
 * (a 2xx: what it promised is kept for the read-back); rejected (a 503
 * {@code application/problem+json}, which the service answers when the database could not
 * complete the change: the client waits as long as its {@code Retry-After} says and sends
 * the same request again, each 503 counted once); or other, which no fault may cause (any
 * other status, or no answer within 30 s). A client that got one of those gives up its
 * story and a new client begins, so that one failure does not cascade into requests that
 * depend on it.
 */
final class ServiceLoad {

	private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

	/**
	 * Each client's pause between two acknowledged requests: the load is modest, so that
	 * three nodes and two services share two cores without the load alone making requests
	 * time out.
	 */
	private static final Duration THINK_TIME = Duration.ofMillis(100);

	private static final int EXAMPLES = 5;

	private final RunningService service;

	private final Workload workload;

	private final int clients;

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	private final CountDownLatch stop = new CountDownLatch(1);

	private final List<Thread> threads = new ArrayList<>();

	private final AtomicInteger attempted = new AtomicInteger();

	private final AtomicInteger acknowledged = new AtomicInteger();

	private final AtomicInteger rejected = new AtomicInteger();

	private final AtomicInteger other = new AtomicInteger();

	private final Queue<Write> writes = new ConcurrentLinkedQueue<>();

	private final Queue<Long> latencies = new ConcurrentLinkedQueue<>();

	private final Queue<String> others = new ConcurrentLinkedQueue<>();

	/**
	 * A load, not yet started.
	 * @param service the service
	 * @param workload what its clients send
	 * @param clients how many send at once
	 */
	ServiceLoad(RunningService service, Workload workload, int clients) {
		this.service = service;
		this.workload = workload;
		this.clients = clients;
	}

	/**
	 * Starts the clients.
	 */
	void start() {
		for (int i = 0; i < this.clients; i++) {
			Thread thread = new Thread(this::run, this.workload.service() + "-client-" + i);
			thread.setDaemon(true);
			thread.start();
			this.threads.add(thread);
		}
	}

	/**
	 * Stops the clients: each finishes the request it is sending, and records it.
	 */
	void stop() {
		this.stop.countDown();
		for (Thread thread : this.threads) {
			try {
				thread.join(REQUEST_TIMEOUT.plusSeconds(5).toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
	}

	private void run() {
		Workload.Client client = this.workload.client();
		Call call = client.next();
		while (this.stop.getCount() > 0) {
			if (call == null) {
				client = this.workload.client();
				call = client.next();
			}
			this.attempted.incrementAndGet();
			long started = System.nanoTime();
			HttpResponse<String> response;
			try {
				response = this.http.send(request(call), HttpResponse.BodyHandlers.ofString());
			}
			catch (IOException ex) {
				call = other(call, ex.toString());
				continue;
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
			int status = response.statusCode();
			if (status >= 200 && status < 300) {
				this.latencies.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
				this.writes.add(call.acknowledged().apply(response.body()));
				this.acknowledged.incrementAndGet();
				call = client.next();
				waitOrStop(THINK_TIME);
			}
			else if (status == 503 && response.headers()
				.firstValue("Content-Type")
				.filter((type) -> type.startsWith("application/problem+json"))
				.isPresent()) {
				this.rejected.incrementAndGet();
				waitOrStop(retryAfter(response));
			}
			else {
				call = other(call, status + " " + response.body());
			}
		}
	}

	/** Records an answer no fault may cause, and gives the client's story up. */
	private Call other(Call call, String answer) {
		this.other.incrementAndGet();
		if (this.others.size() < EXAMPLES) {
			this.others.add(call.method() + " " + call.path() + ": " + answer);
		}
		return null;
	}

	private HttpRequest request(Call call) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.service.baseUrl() + call.path()))
			.timeout(REQUEST_TIMEOUT)
			.header("Authorization", this.service.tokens().authorization(call.caller()));
		if (call.json() != null) {
			request.header("Content-Type", "application/json")
				.method(call.method(), HttpRequest.BodyPublishers.ofString(call.json()));
		}
		else {
			request.method(call.method(), HttpRequest.BodyPublishers.noBody());
		}
		call.headers().forEach(request::header);
		return request.build();
	}

	private static Duration retryAfter(HttpResponse<String> response) {
		return response.headers()
			.firstValue("Retry-After")
			.filter((seconds) -> seconds.matches("\\d{1,3}"))
			.map((seconds) -> Duration.ofSeconds(Long.parseLong(seconds)))
			.orElse(Duration.ofSeconds(1));
	}

	/** Waits as long as asked, or less when the load is stopped meanwhile. */
	private void waitOrStop(Duration duration) {
		try {
			this.stop.await(duration.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * The service under load.
	 * @return its name
	 */
	String service() {
		return this.workload.service();
	}

	/**
	 * The service's keyspace.
	 * @return its name
	 */
	String keyspace() {
		return this.workload.keyspace();
	}

	/**
	 * The requests so far, by outcome.
	 * @return the counts
	 */
	Counts counts() {
		return new Counts(this.attempted.get(), this.acknowledged.get(), this.rejected.get(), this.other.get());
	}

	/**
	 * Every acknowledged write, with what it promised.
	 * @return the writes
	 */
	List<Write> acknowledged() {
		return List.copyOf(this.writes);
	}

	/**
	 * The first few answers no fault may cause.
	 * @return each request and its answer
	 */
	List<String> otherAnswers() {
		return List.copyOf(this.others);
	}

	/**
	 * The 99th percentile of the acknowledged requests' latency.
	 * @return milliseconds, 0 when none was acknowledged
	 */
	long p99Millis() {
		List<Long> sorted = this.latencies.stream().sorted().toList();
		return sorted.isEmpty() ? 0 : sorted.get((int) Math.ceil(sorted.size() * 0.99) - 1);
	}

	/**
	 * The requests of a load, by outcome.
	 *
	 * @param attempted every request sent, each retry included
	 * @param acknowledged answered with a 2xx
	 * @param rejected answered with a 503 problem, and sent again later
	 * @param other anything else: another status, or no answer
	 */
	record Counts(int attempted, int acknowledged, int rejected, int other) {

	}

}
