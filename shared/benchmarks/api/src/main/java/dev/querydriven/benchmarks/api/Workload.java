package dev.querydriven.benchmarks.api;

import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

import reactor.core.publisher.Mono;

import org.springframework.context.ApplicationContext;

/**
 * One request of a service, defined once and run through every layer: its inputs (drawn
 * from the loaded data, so that every layer reads and writes the same rows), its HTTP
 * form, and its service-layer call. The driver layer needs nothing more: it replays the
 * statements the service-layer call executed.
 *
 * @param <I> the request's input, what a client sends
 */
public interface Workload<I> {

	/**
	 * What this workload is.
	 * @return its description
	 */
	WorkloadInfo info();

	/**
	 * The input of the {@code sequence}-th request. Must be cheap and thread-safe: the
	 * load generators call it for every request.
	 * @param sequence 0, 1, 2, ...
	 * @param data the loaded data
	 * @return the input
	 */
	I input(long sequence, DataSet data);

	/**
	 * The request in HTTP form.
	 * @param input the input
	 * @return the path and body
	 */
	HttpCall http(I input);

	/**
	 * The ids this request creates (a new post's id, say): on every replay, the driver
	 * layer binds new ones where the captured statements bound these, so that a replayed
	 * write creates new rows as the service would.
	 * @param input the input
	 * @return the ids, none by default
	 */
	default Set<UUID> freshIds(I input) {
		return Set.of();
	}

	/**
	 * Binds the service-layer call to a running service.
	 * @param context the service's application context
	 * @return the call: the input in, the number of rows read or written out
	 */
	Function<I, Mono<Integer>> service(ApplicationContext context);

}
