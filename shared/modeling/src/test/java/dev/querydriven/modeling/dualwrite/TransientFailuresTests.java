package dev.querydriven.modeling.dualwrite;

import java.lang.reflect.Proxy;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.AbstractMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NoNodeAvailableException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.DefaultWriteType;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.SyntaxError;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.util.retry.Retry;

import org.springframework.data.cassandra.CassandraConnectionFailureException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Only failures that may go away by themselves are retried.
 */
class TransientFailuresTests {

	/** Timeouts, unavailable replicas and lost connections are transient. */
	@Test
	void timeoutsUnavailabilityAndConnectionLossAreTransient() {
		assertThat(TransientFailures.isTransient(new DriverTimeoutException("timeout"))).isTrue();
		assertThat(TransientFailures.isTransient(
				new WriteTimeoutException(null, DefaultConsistencyLevel.QUORUM, 1, 2, DefaultWriteType.SIMPLE)))
			.isTrue();
		assertThat(TransientFailures.isTransient(new UnavailableException(null, DefaultConsistencyLevel.QUORUM, 2, 1)))
			.isTrue();
		assertThat(TransientFailures.isTransient(new ClosedConnectionException("lost"))).isTrue();
		assertThat(TransientFailures.isTransient(new NoNodeAvailableException())).isTrue();
	}

	/**
	 * A request written to a connection the driver was closing fails with Netty's closed
	 * channel inside the driver's all-nodes-failed exception, wrapped by Spring Data: a
	 * connection loss too.
	 */
	@Test
	void aWriteToAClosingConnectionIsTransient() {
		// The node itself plays no part in the decision: any one will do.
		Node node = (Node) Proxy.newProxyInstance(Node.class.getClassLoader(), new Class<?>[] { Node.class },
				(proxy, method, args) -> switch (method.getName()) {
					case "hashCode" -> System.identityHashCode(proxy);
					case "equals" -> proxy == args[0];
					default -> "a node";
				});
		Map.Entry<Node, Throwable> error = new AbstractMap.SimpleEntry<>(node, new ClosedChannelException());
		AllNodesFailedException allFailed = AllNodesFailedException.fromErrors(List.of(error));
		assertThat(TransientFailures
			.isTransient(new CassandraConnectionFailureException(Map.of(), "QueryForResultSet", allFailed))).isTrue();
	}

	/**
	 * Syntax errors, invalid queries and refused permissions fail the same way every
	 * time.
	 */
	@Test
	void invalidOrUnauthorizedStatementsAreNotTransient() {
		assertThat(TransientFailures.isTransient(new SyntaxError(null, "syntax"))).isFalse();
		assertThat(TransientFailures.isTransient(new InvalidQueryException(null, "unconfigured table"))).isFalse();
		assertThat(TransientFailures.isTransient(new UnauthorizedException(null, "no permission"))).isFalse();
		assertThat(TransientFailures.isTransient(new IllegalArgumentException("bad"))).isFalse();
	}

	/** A restricted policy retries a transient failure, but not an invalid query. */
	@Test
	void restrictedPoliciesRetryTransientFailuresOnly() {
		Retry policy = TransientFailures.onlyTransient(Retry.backoff(5, Duration.ofMillis(1)));
		AtomicInteger timeouts = new AtomicInteger();
		AtomicInteger invalid = new AtomicInteger();

		Mono.defer(() -> (timeouts.incrementAndGet() < 3) ? Mono.error(new DriverTimeoutException("timeout"))
				: Mono.just("written"))
			.retryWhen(policy)
			.as(StepVerifier::create)
			.expectNext("written")
			.verifyComplete();
		Mono.defer(() -> {
			invalid.incrementAndGet();
			return Mono.error(new InvalidQueryException(null, "invalid"));
		}).retryWhen(policy).as(StepVerifier::create).expectError(InvalidQueryException.class).verify();

		assertThat(timeouts).hasValue(3);
		assertThat(invalid).hasValue(1);
	}

	/**
	 * When the default policy gives up, the caller sees the last real failure, not a
	 * wrapper.
	 */
	@Test
	void exhaustedRetriesSurfaceTheLastFailure() {
		AtomicInteger attempts = new AtomicInteger();
		Mono.defer(() -> Mono.error(new DriverTimeoutException("timeout " + attempts.incrementAndGet())))
			.retryWhen(TransientFailures.defaultRetry())
			.as(StepVerifier::create)
			.expectErrorMessage("timeout 4")
			.verify();
	}

	/**
	 * A translation of a driver exception (as Spring Data wraps it) is judged by the
	 * driver's exception in its cause chain, for retries and for the unknown outcome of a
	 * lightweight transaction alike.
	 */
	@Test
	void translatedExceptionsAreJudgedByTheirDriverCause() {
		WriteTimeoutException casTimeout = new WriteTimeoutException(null, DefaultConsistencyLevel.QUORUM, 0, 2,
				DefaultWriteType.CAS);
		RuntimeException translated = new IllegalStateException("Translated", casTimeout);
		assertThat(TransientFailures.isTransient(translated)).isTrue();
		assertThat(TransientFailures.driverCause(translated)).isSameAs(casTimeout);
		assertThat(LightweightTransactions.unknownOutcome(translated)).isTrue();
		RuntimeException refused = new IllegalStateException("Translated", new InvalidQueryException(null, "no"));
		assertThat(TransientFailures.isTransient(refused)).isFalse();
		assertThat(LightweightTransactions.unknownOutcome(refused)).isFalse();
	}

	/**
	 * A lightweight transaction whose outcome is unknown is retried as it was, and its
	 * answer returned; any other failure is not retried.
	 */
	@Test
	void lightweightTransactionsAreRetriedOnlyWhenTheirOutcomeIsUnknown() {
		AtomicInteger attempts = new AtomicInteger();
		LightweightTransactions.execute(Mono.defer(() -> (attempts.incrementAndGet() == 1)
				? Mono.error(new IllegalStateException("Translated", new DriverTimeoutException("timeout")))
				: Mono.just(false)))
			.as(StepVerifier::create)
			.expectNext(false)
			.verifyComplete();
		assertThat(attempts).hasValue(2);
		AtomicInteger refused = new AtomicInteger();
		LightweightTransactions.execute(Mono.defer(() -> {
			refused.incrementAndGet();
			return Mono.error(new InvalidQueryException(null, "no"));
		})).as(StepVerifier::create).expectError(InvalidQueryException.class).verify();
		assertThat(refused).hasValue(1);
	}

}
