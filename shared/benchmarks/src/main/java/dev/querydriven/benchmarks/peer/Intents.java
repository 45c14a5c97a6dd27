package dev.querydriven.benchmarks.peer;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * The write intents of the services' changes, as their {@code WriteIntents} runs a
 * change: a row of {@code write_intents} before the change's first write, then the change
 * itself on a subscription of its own (a client that goes away does not stop it half-way;
 * the request only waits for its result), and, once the change is done and its result
 * handed to the request, the row's {@code completed_at}. A change that fails leaves its
 * row unmarked: the peer sweeps nothing itself, and its rows name the service's kinds and
 * keys, so a sweeper of the service finds and finishes them as its own.
 *
 * <p>
 * The row's key is the service's: the minute the intent's time-based id was drawn in and
 * a shard of four taken from the id's hash; both statements at {@code LOCAL_QUORUM},
 * idempotent, with the driver's own timestamps. The changes in flight are bounded as in
 * the services: beyond a thousand, a change is refused before anything is written
 * ({@link Overloaded}, a 503), and one that runs past ten seconds is stopped.
 */
final class Intents {

	/** The services' texts, character for character. */
	static final String INSERT = "INSERT INTO write_intents (bucket, shard, intent_id, kind, source_key, removed_keys, "
			+ "write_timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)";

	static final String COMPLETE = "UPDATE write_intents SET completed_at = ? WHERE bucket = ? AND shard = ? "
			+ "AND intent_id = ?";

	/** The services' defaults ({@code querydriven.dual-write.intents.*}). */
	static final int SHARDS = 4;

	static final int MAX_IN_FLIGHT = 1_000;

	static final Duration DEADLINE = Duration.ofSeconds(10);

	/** 100-nanosecond intervals between the UUID epoch (1582-10-15) and 1970-01-01. */
	private static final long UUID_EPOCH_OFFSET = 0x01B21DD213814000L;

	private final CqlSession session;

	private final PreparedStatement insert;

	private final PreparedStatement complete;

	private final Clock clock;

	private final TimeBasedIds ids;

	private final AtomicInteger inFlight = new AtomicInteger();

	/**
	 * Prepares both statements once.
	 * @param session the session, in the service's keyspace
	 * @param clock where intent ids and completion times come from
	 */
	Intents(CqlSession session, Clock clock) {
		this.session = session;
		this.clock = clock;
		this.insert = prepare(session, INSERT);
		this.complete = prepare(session, COMPLETE);
		this.ids = new TimeBasedIds(clock);
	}

	private static PreparedStatement prepare(CqlSession session, String cql) {
		return session.prepare(SimpleStatement.newInstance(cql)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true));
	}

	/**
	 * Runs a change: its intent, then its source write, then its copies, detached from
	 * the subscriber, and the intent's completion once the result is handed over.
	 * @param <S> what the source write yields
	 * @param <T> the change's result
	 * @param kind the kind of change, e.g. {@code order-placed}
	 * @param sourceKey the source row's key, column name to value
	 * @param source the source write
	 * @param copies the copies, given what the source write yielded
	 * @return the change's result; {@link Overloaded} when too many changes are in flight
	 */
	<S, T> Mono<T> run(String kind, Map<String, String> sourceKey, Mono<S> source, Function<S, Mono<T>> copies) {
		return Mono.defer(() -> {
			if (this.inFlight.incrementAndGet() > MAX_IN_FLIGHT) {
				this.inFlight.decrementAndGet();
				return Mono.error(new Overloaded());
			}
			UUID id = this.ids.next();
			Instant bucket = bucketOf(id);
			byte shard = shardOf(id);
			Sinks.One<T> result = Sinks.one();
			execute(this.insert.bind(bucket, shard, id, kind, sourceKey, List.of(), 0L)).then(source)
				.flatMap(copies)
				.timeout(DEADLINE)
				.subscribe(result::tryEmitValue, (failure) -> {
					result.tryEmitError(failure);
					this.inFlight.decrementAndGet();
				}, () -> {
					result.tryEmitEmpty();
					complete(bucket, shard, id);
				});
			return result.asMono();
		});
	}

	/**
	 * Marks an intent completed, fire and forget: a completion that fails leaves the row
	 * to the sweeper, and the change counts as finished once the write is answered.
	 */
	private void complete(Instant bucket, byte shard, UUID id) {
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		execute(this.complete.bind(now, bucket, shard, id)).onErrorResume((failure) -> Mono.empty())
			.doFinally((signal) -> this.inFlight.decrementAndGet())
			.subscribe();
	}

	private Mono<AsyncResultSet> execute(BoundStatement statement) {
		return Mono.fromCompletionStage(() -> this.session.executeAsync(statement));
	}

	/**
	 * The partition an intent's row goes to: the minute its id was drawn in.
	 * @param id the intent's time-based id
	 * @return the minute
	 */
	static Instant bucketOf(UUID id) {
		return instantOf(id).truncatedTo(ChronoUnit.MINUTES);
	}

	/**
	 * The shard of that minute an intent's row goes to, spread by the id's hash.
	 * @param id the intent's id
	 * @return 0 to {@value #SHARDS} - 1
	 */
	static byte shardOf(UUID id) {
		return (byte) Math.floorMod(id.hashCode(), SHARDS);
	}

	/**
	 * The instant of a time-based id.
	 * @param timeBasedId a version-1 UUID
	 * @return its instant
	 */
	static Instant instantOf(UUID timeBasedId) {
		long ticks = timeBasedId.timestamp() - UUID_EPOCH_OFFSET;
		return Instant.ofEpochSecond(Math.floorDiv(ticks, 10_000_000L), Math.floorMod(ticks, 10_000_000L) * 100);
	}

	/**
	 * Version-1 (time-based) UUIDs from a clock, as the services' time source draws them:
	 * the timestamp in 100-nanosecond ticks, strictly increasing here, and a random clock
	 * sequence and node per instance.
	 */
	static final class TimeBasedIds {

		private final Clock clock;

		private final AtomicLong lastTicks = new AtomicLong(Long.MIN_VALUE);

		private final long clockSequenceAndNode;

		TimeBasedIds(Clock clock) {
			this.clock = clock;
			long random = new SecureRandom().nextLong();
			// The RFC 4122 variant in the top bits, and the node's multicast bit, as RFC
			// 4122 asks of a random node id.
			this.clockSequenceAndNode = (random & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L
					| 0x0000_0100_0000_0000L;
		}

		/**
		 * A new id.
		 * @return a version-1 UUID, later than any this instance drew before
		 */
		UUID next() {
			Instant now = this.clock.instant();
			long ticks = Math.addExact(Math.multiplyExact(now.getEpochSecond(), 10_000_000L), now.getNano() / 100)
					+ UUID_EPOCH_OFFSET;
			long unique = this.lastTicks.updateAndGet((last) -> Math.max(ticks, last + 1));
			long timeLow = unique & 0xFFFF_FFFFL;
			long timeMid = (unique >>> 32) & 0xFFFFL;
			long timeHigh = (unique >>> 48) & 0x0FFFL;
			return new UUID((timeLow << 32) | (timeMid << 16) | 0x1000L | timeHigh, this.clockSequenceAndNode);
		}

	}

	/**
	 * Too many changes in flight: refused before anything was written. Answered with a
	 * 503, so it carries no stack trace.
	 */
	static final class Overloaded extends RuntimeException {

		private static final long serialVersionUID = 1L;

		Overloaded() {
			super("More than " + MAX_IN_FLIGHT + " changes are in flight; nothing was written", null, false, false);
		}

	}

}
