package dev.querydriven.modeling.dualwrite;

import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.List;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.RequestThrottlingException;
import com.datastax.oss.driver.api.core.connection.BusyConnectionException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.connection.ConnectionInitException;
import com.datastax.oss.driver.api.core.connection.HeartbeatException;
import com.datastax.oss.driver.api.core.servererrors.BootstrappingException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.TruncateException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
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
 *
 * <p>
 * The decision is made on the driver's exception wherever it sits in the cause chain:
 * Spring Data translates driver exceptions into its own {@code DataAccessException}s (a
 * {@code WriteTimeoutException} becomes a {@code CassandraWriteTimeoutException}, an
 * {@code OverloadedException} a {@code TransientDataAccessResourceException}, ...) and
 * keeps the driver's exception as the cause, so one rule serves both.
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
		Throwable cause = driverCause(unwrap(failure));
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
				// A request written to a connection the driver was closing (a heartbeat
				// that timed out on a busy node): Netty's own exception, inside the
				// driver's AllNodesFailedException.
				|| cause instanceof ClosedChannelException || cause instanceof ConnectionInitException
				|| cause instanceof BusyConnectionException;
	}

	/**
	 * The driver's exception behind a failure: the failure itself, or the first
	 * {@link DriverException} in its cause chain (behind Spring Data's translation).
	 * @param failure a failure
	 * @return the driver's exception, or the failure itself when none is in the chain
	 */
	public static Throwable driverCause(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof DriverException) {
				return cause;
			}
			if (cause.getCause() == cause) {
				break;
			}
		}
		return failure;
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
