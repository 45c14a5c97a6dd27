package dev.querydriven.modeling.dualwrite;

import java.time.Duration;

import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.CASWriteUnknownException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Runs lightweight transactions (Paxos) and handles their one tricky failure: a timeout
 * says nothing about whether the transaction applied. Such a transaction is retried as it
 * was; if the first attempt did apply, the retry answers {@code [applied] = false}, and
 * the caller recognises its own earlier success by reading the row at {@code SERIAL}
 * (which completes any transaction still in flight) and finding the operation id it
 * recorded. Lightweight transactions are never marked idempotent, so neither the driver
 * nor a generic retry ever repeats them blindly; only this deliberate retry does.
 *
 * <p>
 * The failure is recognised wherever it sits in the cause chain, so it works the same for
 * the driver's own exceptions and for Spring Data's translations of them
 * ({@code CassandraWriteTimeoutException}, {@code CassandraDriverTimeoutException}, ...).
 */
public final class LightweightTransactions {

	/** Attempts after the first when the outcome is unknown. */
	public static final int UNKNOWN_OUTCOME_RETRIES = 2;

	private LightweightTransactions() {
	}

	/**
	 * Runs a lightweight transaction, retrying it while its outcome is unknown.
	 * @param transaction the transaction, e.g. a template's conditional insert, deferred
	 * (each subscription executes it again)
	 * @param <T> what it answers, typically whether it applied
	 * @return its answer
	 */
	public static <T> Mono<T> execute(Mono<T> transaction) {
		return transaction.retryWhen(Retry.backoff(UNKNOWN_OUTCOME_RETRIES, Duration.ofMillis(100))
			.filter(LightweightTransactions::unknownOutcome)
			.onRetryExhaustedThrow((spec, signal) -> signal.failure()));
	}

	/**
	 * Whether a failure leaves a lightweight transaction's outcome unknown (it may or may
	 * not have applied).
	 * @param failure the failure, or a translation of it
	 * @return {@code true} for Paxos write timeouts and client-side timeouts
	 */
	public static boolean unknownOutcome(Throwable failure) {
		Throwable cause = TransientFailures.driverCause(TransientFailures.unwrap(failure));
		return cause instanceof WriteTimeoutException || cause instanceof CASWriteUnknownException
				|| cause instanceof DriverTimeoutException;
	}

}
