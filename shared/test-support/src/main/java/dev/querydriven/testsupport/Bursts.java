package dev.querydriven.testsupport;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Bursts of requests at once, for the tests of each service's bound on statements in
 * flight: the session has two connections per node, each carrying at most 1,024 requests,
 * and without the driver's throttler a burst beyond that fails at once ("No connection
 * was available") instead of waiting its turn.
 */
public final class Bursts {

	/** Half as much again as the session's two connections to a node carry (2,048). */
	public static final int BEYOND_THE_CONNECTIONS = 3_000;

	private Bursts() {
	}

	/**
	 * Subscribes to {@link #BEYOND_THE_CONNECTIONS} calls at once and waits for them all.
	 * @param <T> what a call returns
	 * @param call one call, e.g. a read by id
	 * @return every call's result, in completion order
	 */
	public static <T> List<T> beyondTheConnections(Supplier<Mono<T>> call) {
		return Flux.range(0, BEYOND_THE_CONNECTIONS)
			.flatMap((i) -> call.get(), BEYOND_THE_CONNECTIONS)
			.collectList()
			.block(Duration.ofMinutes(2));
	}

}
