package dev.querydriven.benchmarks.capture;

import java.util.List;

import com.datastax.dse.driver.api.core.cql.reactive.ReactiveResultSet;
import com.datastax.dse.driver.api.core.cql.reactive.ReactiveRow;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.ExecutionInfo;
import com.datastax.oss.driver.api.core.cql.Statement;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;

/**
 * A reactive result recorded from its subscription (when the driver issues the request,
 * which may be long after the service built it into a chain) to its first signal (a row,
 * the end, or an error: the response has arrived), recorded before it is passed on, so
 * that a statement the service issues in reaction to it is seen to start after it. A
 * Reactor subscriber whose context lacks the capture's marker is background work, and is
 * not recorded.
 */
final class CapturingReactiveResultSet implements ReactiveResultSet {

	/** The key of {@link StatementCapture#marker()}. */
	static final String CAPTURED = "querydriven-benchmarks-captured";

	private final ReactiveResultSet delegate;

	private final Statement<?> statement;

	private final List<CapturedStatement> sink;

	CapturingReactiveResultSet(ReactiveResultSet delegate, Statement<?> statement, List<CapturedStatement> sink) {
		this.delegate = delegate;
		this.statement = statement;
		this.sink = sink;
	}

	@Override
	public void subscribe(Subscriber<? super ReactiveRow> subscriber) {
		if (subscriber instanceof CoreSubscriber<?> reactor && !reactor.currentContext().hasKey(CAPTURED)) {
			// Background work of the service, not the captured request.
			this.delegate.subscribe(subscriber);
			return;
		}
		long issuedNanos = System.nanoTime();
		this.delegate.subscribe(new Subscriber<ReactiveRow>() {

			private boolean recorded;

			@Override
			public void onSubscribe(Subscription subscription) {
				subscriber.onSubscribe(subscription);
			}

			@Override
			public void onNext(ReactiveRow row) {
				record();
				subscriber.onNext(row);
			}

			@Override
			public void onError(Throwable error) {
				record();
				subscriber.onError(error);
			}

			@Override
			public void onComplete() {
				record();
				subscriber.onComplete();
			}

			private void record() {
				if (!this.recorded) {
					this.recorded = true;
					CapturingReactiveResultSet.this.sink.add(new CapturedStatement(
							CapturingReactiveResultSet.this.statement, issuedNanos, System.nanoTime()));
				}
			}

		});
	}

	@Override
	public Publisher<? extends ColumnDefinitions> getColumnDefinitions() {
		return this.delegate.getColumnDefinitions();
	}

	@Override
	public Publisher<? extends ExecutionInfo> getExecutionInfos() {
		return this.delegate.getExecutionInfos();
	}

	@Override
	public Publisher<Boolean> wasApplied() {
		return this.delegate.wasApplied();
	}

}
