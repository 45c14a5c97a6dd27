package dev.querydriven.benchmarks.http;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

import dev.querydriven.benchmarks.api.HttpCall;

/**
 * The requests the suite sends itself, outside any window: every input of a request,
 * once, to count what a read answers and to hold a lean peer's answers against its
 * service's. A few at a time: one after the other, the hundreds of inputs of a full run
 * took minutes.
 */
final class Asking {

	/** Inputs asked at once. */
	private static final int PARALLELISM = 8;

	private static final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private Asking() {
	}

	/**
	 * Runs a task for each input, a few at a time.
	 * @param <T> what a task returns
	 * @param inputs how many inputs (0 to {@code inputs - 1})
	 * @param task the task of one input
	 * @return the tasks' results, in the inputs' order
	 */
	static <T> List<T> eachInput(int inputs, IntFunction<T> task) {
		ExecutorService pool = Executors.newFixedThreadPool(PARALLELISM);
		try {
			List<Callable<T>> tasks = new ArrayList<>();
			for (int i = 0; i < inputs; i++) {
				int input = i;
				tasks.add(() -> task.apply(input));
			}
			List<T> results = new ArrayList<>();
			for (Future<T> result : pool.invokeAll(tasks)) {
				results.add(result.get());
			}
			return results;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while asking", ex);
		}
		catch (ExecutionException ex) {
			throw (ex.getCause() instanceof RuntimeException runtime) ? runtime
					: new IllegalStateException(ex.getCause());
		}
		finally {
			pool.shutdownNow();
		}
	}

	/**
	 * Sends one request and waits for its answer.
	 * @param baseUrl the server's address
	 * @param method the HTTP method
	 * @param call the path, the body and the caller
	 * @param tokens the callers' tokens of the service
	 * @return the answer
	 */
	static HttpResponse<String> send(String baseUrl, String method, HttpCall call, CallerTokens tokens) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + call.path()))
			.timeout(Duration.ofSeconds(30))
			.header("Accept", "application/json")
			.method(method, (call.body() != null) ? HttpRequest.BodyPublishers.ofString(call.body())
					: HttpRequest.BodyPublishers.noBody());
		if (call.body() != null) {
			request.header("Content-Type", "application/json");
		}
		if (call.caller() != null) {
			request.header("Authorization", tokens.authorization(call.caller()));
		}
		try {
			return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new IllegalStateException(baseUrl + call.path() + " got no answer", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while asking " + baseUrl, ex);
		}
	}

}
