package dev.querydriven.testsupport.inspector;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import dev.querydriven.testsupport.recording.RecordedStatement;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * The latest requests, each with its statements: a bounded buffer (the oldest request
 * goes when a new one comes), fed by the {@link InspectorWebFilter} (a request begins and
 * ends) and by the statement recorder (a statement completes). Completed requests are
 * also published, for the page's live list, and again with each statement reported after
 * their response.
 */
final class QueryInspector {

	private final Clock clock;

	private final int maxStatements;

	private final Map<String, InspectedRequest> requests;

	private final AtomicInteger toTrace = new AtomicInteger();

	private final Sinks.Many<InspectedRequest> completions = Sinks.many().multicast().directBestEffort();

	QueryInspector(Clock clock, int maxRequests, int maxStatements) {
		this.clock = clock;
		this.maxStatements = maxStatements;
		this.requests = new LinkedHashMap<>() {

			@Override
			protected boolean removeEldestEntry(Map.Entry<String, InspectedRequest> eldest) {
				return size() > maxRequests;
			}

		};
	}

	/**
	 * Traces the statements of the next requests.
	 * @param requests how many
	 */
	void traceNext(int requests) {
		this.toTrace.set(requests);
	}

	/**
	 * Whether the request starting now is one of those to trace (and then one fewer is
	 * left).
	 * @return {@code true} to trace it
	 */
	boolean claimTrace() {
		return this.toTrace.getAndUpdate((left) -> Math.max(0, left - 1)) > 0;
	}

	void started(String id, String method, String path) {
		InspectedRequest request = new InspectedRequest(id, method, path, this.clock.instant(), this.maxStatements);
		synchronized (this.requests) {
			this.requests.put(id, request);
		}
	}

	void completed(String id, String route, Integer status, long durationMicros) {
		InspectedRequest request;
		synchronized (this.requests) {
			request = this.requests.get(id);
		}
		if (request != null) {
			request.completed(route, status, durationMicros);
			publish(request);
		}
	}

	private void publish(InspectedRequest request) {
		// Requests complete on several event-loop threads at once: a sink takes one
		// emission at a time.
		synchronized (this.completions) {
			this.completions.tryEmitNext(request);
		}
	}

	/**
	 * Files a statement under its request; statements outside any request kept here (a
	 * scheduled job, the inspector's own reads, a request already evicted) are left out.
	 * @param statement the statement
	 */
	void recorded(RecordedStatement statement) {
		if (statement.requestId() == null) {
			return;
		}
		InspectedRequest request;
		synchronized (this.requests) {
			request = this.requests.get(statement.requestId());
		}
		if (request != null) {
			request.add(statement);
			// The driver reports a statement just after handing its answer over, so the
			// last ones may come after the response: the request is published again.
			if (request.durationMicros() != null) {
				publish(request);
			}
		}
	}

	/**
	 * The latest completed requests, newest first.
	 * @param route only this route's, or {@code null} for all
	 * @param limit how many at most
	 * @return the requests
	 */
	List<InspectedRequest> latest(String route, int limit) {
		List<InspectedRequest> all;
		synchronized (this.requests) {
			all = new ArrayList<>(this.requests.values());
		}
		List<InspectedRequest> latest = new ArrayList<>();
		for (int i = all.size() - 1; i >= 0 && latest.size() < limit; i--) {
			InspectedRequest request = all.get(i);
			if (request.durationMicros() != null && (route == null || route.equals(request.route()))) {
				latest.add(request);
			}
		}
		return latest;
	}

	/**
	 * A request still kept.
	 * @param id its id
	 * @return the request, or empty when unknown or evicted
	 */
	Optional<InspectedRequest> find(String id) {
		synchronized (this.requests) {
			return Optional.ofNullable(this.requests.get(id));
		}
	}

	/**
	 * How many requests it holds.
	 * @return at most its capacity
	 */
	int size() {
		synchronized (this.requests) {
			return this.requests.size();
		}
	}

	/**
	 * Each request as it completes.
	 * @return the live stream
	 */
	Flux<InspectedRequest> completions() {
		return this.completions.asFlux();
	}

}
