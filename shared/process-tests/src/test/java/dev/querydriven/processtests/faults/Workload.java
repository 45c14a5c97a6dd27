package dev.querydriven.processtests.faults;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

import dev.querydriven.benchmarks.api.HttpCall.Caller;

/**
 * What one service's clients send under load, and what each acknowledged request
 * promises: the rows that must exist afterwards, its source of truth and every
 * denormalized copy, each read by its full primary key. A client is one user's (or a few
 * users') story: each request is built once the one before was acknowledged, so it may
 * use what that answer said (the id the service chose), and what it promises follows from
 * the requests acknowledged before it (a post reaches the followers whose follows were).
 */
interface Workload {

	/**
	 * The service, as its module is named.
	 * @return e.g. {@code social-feed}
	 */
	String service();

	/**
	 * The service's keyspace.
	 * @return the service's name in snake case
	 */
	default String keyspace() {
		return service().replace('-', '_');
	}

	/**
	 * A new client, whose requests depend on none of another's.
	 * @return the client
	 */
	Client client();

	/**
	 * A user's token: its subject is the user's id, which the service acts as.
	 * @param id the user
	 * @param roles the user's roles, e.g. {@code staff}
	 * @return the caller
	 */
	static Caller user(UUID id, String... roles) {
		return new Caller(id.toString(), List.of(roles), null);
	}

	/** One client's requests, in order. */
	interface Client {

		/**
		 * The next request, asked for once the one before was acknowledged.
		 * @return the request, or {@code null} when the client's story is over
		 */
		Call next();

	}

	/**
	 * A client whose steps are planned ahead: each step builds its request when its turn
	 * comes, from what the answers before it said.
	 */
	final class Steps implements Client {

		private final Deque<Supplier<Call>> steps = new ArrayDeque<>();

		/**
		 * Plans a step after the others.
		 * @param step builds the step's request
		 * @return these steps
		 */
		Steps then(Supplier<Call> step) {
			this.steps.add(step);
			return this;
		}

		@Override
		public Call next() {
			Supplier<Call> step = this.steps.poll();
			return (step != null) ? step.get() : null;
		}

	}

	/**
	 * One request, and what its acknowledgement promises. A request refused with a 503 is
	 * sent again as it is (same ids, same keys), so that it is the same change.
	 *
	 * @param caller whose token it carries
	 * @param method the HTTP method
	 * @param path the path
	 * @param json the body, or {@code null}
	 * @param headers more headers, e.g. an {@code Idempotency-Key}
	 * @param acknowledged what the answer's body promises: called once, for a 2xx
	 */
	record Call(Caller caller, String method, String path, String json, Map<String, String> headers,
			Function<String, Write> acknowledged) {

		Call(Caller caller, String method, String path, String json, Function<String, Write> acknowledged) {
			this(caller, method, path, json, Map.of(), acknowledged);
		}

	}

	/**
	 * An acknowledged write.
	 *
	 * @param description what it was, for a report of what is missing
	 * @param rows reads back every row it promised
	 */
	record Write(String description, Consumer<RowChecks> rows) {

	}

}
