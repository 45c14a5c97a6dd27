package dev.querydriven.benchmarks.peer;

import java.nio.channels.ClosedChannelException;
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
import com.datastax.oss.driver.api.core.servererrors.CASWriteUnknownException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.TruncateException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import reactor.util.retry.Retry;

/**
 * The services' two retry policies for writes, so that a peer's write that fails
 * transiently is retried as the service's would be, and no other:
 * <ul>
 * <li>an idempotent copy (an insert of a dual write, a rollup, a latest reading) is
 * retried up to three times, backing off from 50 ms (at most 1 s apart), after a
 * transient failure only: a timeout, too few replicas, an overloaded or bootstrapping
 * node, a lost connection;</li>
 * <li>a lightweight transaction, never marked idempotent (the driver must not repeat it
 * blindly), is retried twice, backing off from 100 ms, when its outcome is unknown (a
 * Paxos write timeout, a client-side timeout); its retry then answers
 * {@code [applied] = false} if the first attempt did apply, which the caller resolves by
 * reading the row at {@code SERIAL}.</li>
 * </ul>
 * The driver's exceptions reach a peer as they are (no template translates them), so the
 * failure itself is judged.
 */
final class Retries {

	private Retries() {
	}

	/**
	 * The policy of an idempotent copy.
	 * @return three retries with backoff, transient failures only
	 */
	static Retry copy() {
		return Retry.backoff(3, Duration.ofMillis(50))
			.maxBackoff(Duration.ofSeconds(1))
			.filter(Retries::isTransient)
			.onRetryExhaustedThrow((spec, signal) -> signal.failure());
	}

	/**
	 * The policy of a lightweight transaction.
	 * @return two retries with backoff, unknown outcomes only
	 */
	static Retry lightweightTransaction() {
		return Retry.backoff(2, Duration.ofMillis(100))
			.filter(Retries::unknownOutcome)
			.onRetryExhaustedThrow((spec, signal) -> signal.failure());
	}

	/**
	 * Whether a failure may go away by itself.
	 * @param failure a failure of the driver
	 * @return {@code true} for timeouts, missing replicas, busy nodes and lost
	 * connections
	 */
	static boolean isTransient(Throwable failure) {
		if (failure instanceof AllNodesFailedException allFailed) {
			// Retried only when every node failed transiently (none could be tried counts
			// as unavailable).
			return allFailed.getAllErrors().values().stream().flatMap(List::stream).allMatch(Retries::isTransient);
		}
		return failure instanceof DriverTimeoutException || failure instanceof WriteTimeoutException
				|| failure instanceof ReadTimeoutException || failure instanceof UnavailableException
				|| failure instanceof OverloadedException || failure instanceof BootstrappingException
				|| failure instanceof TruncateException || failure instanceof RequestThrottlingException
				|| failure instanceof ClosedConnectionException || failure instanceof HeartbeatException
				|| failure instanceof ClosedChannelException || failure instanceof ConnectionInitException
				|| failure instanceof BusyConnectionException;
	}

	/**
	 * Whether a lightweight transaction's failure leaves its outcome unknown.
	 * @param failure a failure of the driver
	 * @return {@code true} for Paxos write timeouts and client-side timeouts
	 */
	static boolean unknownOutcome(Throwable failure) {
		return failure instanceof WriteTimeoutException || failure instanceof CASWriteUnknownException
				|| failure instanceof DriverTimeoutException;
	}

}
