package dev.querydriven.testsupport.recording;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import com.datastax.oss.driver.api.core.cql.ExecutionInfo;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

import org.springframework.data.cassandra.ReactiveResultSet;

/**
 * What the caller of one statement saw of its answer, filled in as it happens: the rows
 * it read (counted as the caller reads them, so a caller taking the first row of a page
 * counts one), the warnings Cassandra sent with the answer, the trace id when the
 * statement was traced (and, read in the background once Cassandra has written it, the
 * trace itself), and whether a lightweight transaction applied. It is shared by the
 * statement's record and the result set its caller reads, so the record may be complete
 * only once the caller is done.
 */
public final class StatementExecution {

	private static final int TRACE_ATTEMPTS = 50;

	private static final Duration TRACE_INTERVAL = Duration.ofMillis(100);

	private final AtomicLong rows = new AtomicLong();

	private volatile List<String> warnings = List.of();

	private volatile UUID traceId;

	private volatile Boolean applied;

	private volatile List<TraceEvent> trace;

	/**
	 * The rows the caller read so far.
	 * @return the count
	 */
	public long rows() {
		return this.rows.get();
	}

	/**
	 * The warnings Cassandra sent with the answer (a large batch, many tombstones read).
	 * @return the warnings, empty when none or not answered yet
	 */
	public List<String> warnings() {
		return this.warnings;
	}

	/**
	 * The id of the statement's trace in {@code system_traces.sessions}, when it was
	 * traced.
	 * @return the id, or {@code null}
	 */
	public UUID traceId() {
		return this.traceId;
	}

	/**
	 * Whether a lightweight transaction applied.
	 * @return {@code true} or {@code false} for a conditional statement, {@code null}
	 * otherwise or when not answered yet
	 */
	public Boolean applied() {
		return this.applied;
	}

	/**
	 * The events of its trace, once Cassandra has written them all.
	 * @return the events, or {@code null} when not traced or not there yet
	 */
	public List<TraceEvent> trace() {
		return this.trace;
	}

	void answered(ReactiveResultSet answer) {
		ExecutionInfo info = answer.getExecutionInfo();
		this.warnings = List.copyOf(info.getWarnings());
		this.traceId = info.getTracingId();
		if (this.traceId != null) {
			fetchTrace(info);
		}
		// A conditional statement answers with an [applied] column; reading it reads no
		// row of the caller's.
		if (answer.getColumnDefinitions().contains("[applied]")) {
			this.applied = answer.wasApplied();
		}
	}

	/**
	 * Reads the trace in the background: the coordinator writes its events
	 * asynchronously, so the driver's read may find them incomplete a few times before it
	 * succeeds.
	 */
	private void fetchTrace(ExecutionInfo info) {
		Mono.defer(() -> Mono.fromCompletionStage(info.getQueryTraceAsync()))
			.retryWhen(Retry.fixedDelay(TRACE_ATTEMPTS, TRACE_INTERVAL))
			.map((trace) -> trace.getEvents()
				.stream()
				.map((event) -> new TraceEvent(
						(event.getSourceAddress() != null) ? event.getSourceAddress().getHostString() : null,
						event.getActivity(), event.getSourceElapsedMicros()))
				.toList())
			.subscribe((events) -> this.trace = events, (failure) -> this.trace = List.of());
	}

	void read() {
		this.rows.incrementAndGet();
	}

}
