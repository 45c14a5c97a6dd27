package dev.querydriven.ecommerceorders.order;

import java.time.Duration;

import com.datastax.dse.driver.api.core.cql.reactive.ReactiveRow;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.servererrors.CASWriteUnknownException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Runs lightweight transactions (Paxos) and handles their one tricky failure: a timeout
 * says nothing about whether the transaction applied. Such a transaction is retried as it
 * was; if the first attempt did apply, the retry answers {@code [applied] = false}, and
 * the caller recognises its own earlier success by the operation id it recorded. LWTs are
 * never marked idempotent, so the driver itself never retries them blindly.
 */
public final class LightweightTransactions {

	/** Attempts after the first when the outcome is unknown. */
	static final int UNKNOWN_OUTCOME_RETRIES = 2;

	private LightweightTransactions() {
	}

	/**
	 * Executes a conditional statement and returns its one result row: {@code [applied]}
	 * and, when not applied, the current values of the columns in its condition (all
	 * columns for {@code IF NOT EXISTS}). A timeout with an unknown outcome is retried.
	 * @param session the session
	 * @param statement the lightweight transaction
	 * @return the result row
	 */
	public static Mono<ReactiveRow> execute(CqlSession session, Statement<?> statement) {
		return Mono.defer(() -> Mono.from(session.executeReactive(statement)))
			.retryWhen(Retry.backoff(UNKNOWN_OUTCOME_RETRIES, Duration.ofMillis(100))
				.filter(LightweightTransactions::unknownOutcome)
				.onRetryExhaustedThrow((spec, signal) -> signal.failure()));
	}

	/**
	 * Whether a failure leaves a lightweight transaction's outcome unknown (it may or may
	 * not have applied).
	 * @param failure the failure
	 * @return {@code true} for Paxos write timeouts and client-side timeouts
	 */
	public static boolean unknownOutcome(Throwable failure) {
		return failure instanceof WriteTimeoutException || failure instanceof CASWriteUnknownException
				|| failure instanceof DriverTimeoutException;
	}

}
