package dev.querydriven.modeling.dualwrite;

import java.time.Duration;
import java.util.List;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.RequestThrottlingException;
import com.datastax.oss.driver.api.core.connection.BusyConnectionException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.connection.ConnectionInitException;
import com.datastax.oss.driver.api.core.connection.HeartbeatException;
import com.datastax.oss.driver.api.core.servererrors.BootstrappingException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.TruncateException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import reactor.core.Exceptions;
import reactor.util.retry.Retry;

/**
 * Which failures are worth retrying. Only an idempotent statement may be retried at all
 * (a timed-out write may or may not have been applied; applying it again must not change
 * the result), and only a <b>transient</b> failure is worth it: a timeout, too few
 * replicas alive, an overloaded or bootstrapping node, a lost connection. A syntax error,
 * an invalid query, a missing table or a refused permission fails the same way every
 * time; retrying it only delays the error.
 */
public final class TransientFailures {

	private TransientFailures() {
	}

	/**
	 * Whether the failure may go away by itself.
	 * @param failure the failure
	 * @return {@code true} for timeouts, unavailable replicas, overloaded or
	 * bootstrapping nodes and connection losses
	 */
	public static boolean isTransient(Throwable failure) {
		Throwable cause = Exceptions.isRetryExhausted(failure) ? failure.getCause() : failure;
		if (cause instanceof AllNodesFailedException allFailed) {
			// No node could be tried (NoNodeAvailableException: nothing to blame but
			// availability), or every node failed: retry only if every node failed
			// transiently.
			return allFailed.getAllErrors()
				.values()
				.stream()
				.flatMap(List::stream)
				.allMatch(TransientFailures::isTransient);
		}
		return cause instanceof DriverTimeoutException || cause instanceof WriteTimeoutException
				|| cause instanceof ReadTimeoutException || cause instanceof UnavailableException
				|| cause instanceof OverloadedException || cause instanceof BootstrappingException
				|| cause instanceof TruncateException || cause instanceof RequestThrottlingException
				|| cause instanceof ClosedConnectionException || cause instanceof HeartbeatException
				|| cause instanceof ConnectionInitException || cause instanceof BusyConnectionException;
	}

	/**
	 * The default policy: three retries with exponential backoff from 50 ms (jittered, at
	 * most 1 s apart), transient failures only, and the last failure itself (not a
	 * wrapper) when the retries run out.
	 * @return the policy
	 */
	public static Retry defaultRetry() {
		return onlyTransient(Retry.backoff(3, Duration.ofMillis(50))
			.maxBackoff(Duration.ofSeconds(1))
			.onRetryExhaustedThrow((spec, signal) -> signal.failure()));
	}

	/**
	 * Restricts a retry policy to transient failures: any other failure ends the retries
	 * at once, whatever the policy says. The policy still decides how often and how long
	 * to wait.
	 * @param policy the policy (e.g. {@code Retry.backoff(5, Duration.ofMillis(20))})
	 * @return the restricted policy
	 */
	public static Retry onlyTransient(Retry policy) {
		return Retry.from((signals) -> policy.generateCompanion(signals.map((signal) -> {
			if (!isTransient(signal.failure())) {
				throw Exceptions.propagate(signal.failure());
			}
			return signal;
		})));
	}

	/**
	 * The failure behind a retry wrapper.
	 * @param failure a failure, possibly reactor's "retries exhausted"
	 * @return the last real failure
	 */
	public static Throwable unwrap(Throwable failure) {
		return (Exceptions.isRetryExhausted(failure) && failure.getCause() != null) ? failure.getCause() : failure;
	}

}
