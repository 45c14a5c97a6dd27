package dev.querydriven.writeintents;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import dev.querydriven.modeling.dualwrite.StatementExecutor;
import dev.querydriven.modeling.time.TimeSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * The durable record of every change a service begins, and the changes themselves, run to
 * completion whatever the client does.
 *
 * <p>
 * <b>Written before the source.</b> A change (a placed order, a follow, a published post)
 * is recorded in {@code write_intents} before its first write, at the copies' consistency
 * level. When that record cannot be written the change does not begin: the caller gets
 * the failure (a 503) and nothing happened. Once it is written, a change cut short at any
 * point later (a copy that outlived its retries, a killed process, a lost node) is found
 * by the {@link IntentSweeper} and finished by its {@link IntentReplayer} from the source
 * of truth. Without the record, a process that died between the source write and the
 * copies would leave no trace: nothing would ever know the copies were missing.
 *
 * <p>
 * <b>Detached from the request.</b> Once its first statement is sent, a change runs on
 * its own subscription: a client that disconnects, or a request cancelled by a timeout,
 * no longer stops it half-way. The caller still gets its result when it is there. The
 * changes in flight are bounded ({@link Settings#maxInFlight()}): beyond the bound a
 * change is refused before anything is written ({@link WritesOverloadedException}, a
 * 503). A change that outlives its deadline ({@link Settings#deadline()}) is stopped and
 * left to the sweeper.
 *
 * <p>
 * <b>Finished is a cell, not a delete.</b> A change that completes writes its
 * {@code completed_at}; nothing is ever deleted from the table, whose rows expire after a
 * day: the sweeper reads partitions free of tombstones.
 */
public final class WriteIntents {

	/**
	 * How long an intent lives: the table's {@code default_time_to_live}. The sweeper
	 * never reads a minute this old (an expired row would be read as a tombstone).
	 */
	public static final Duration TIME_TO_LIVE = Duration.ofDays(1);

	/**
	 * The consistency of the intents' writes and the sweeper's reads: the copies' level
	 * in every service here, so that an intent is as durable as the copies it stands for,
	 * and a sweeper on any instance reads what another wrote (a quorum of the replicas
	 * wrote it, a quorum reads it).
	 */
	static final ConsistencyLevel CONSISTENCY = DefaultConsistencyLevel.LOCAL_QUORUM;

	static final String INSERT = "INSERT INTO write_intents (bucket, shard, intent_id, kind, source_key, removed_keys, "
			+ "write_timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)";

	static final String COMPLETE = "UPDATE write_intents SET completed_at = ? WHERE bucket = ? AND shard = ? "
			+ "AND intent_id = ?";

	private static final Logger logger = LoggerFactory.getLogger(WriteIntents.class);

	private static final GenericType<Map<String, String>> KEY = GenericType.mapOf(String.class, String.class);

	private static final GenericType<List<Map<String, String>>> KEYS = GenericType.listOf(KEY);

	private final CqlSession session;

	private final StatementExecutor executor;

	private final TimeSource time;

	private final Settings settings;

	private final Hooks hooks;

	private final Mono<PreparedStatement> insert;

	private final Mono<PreparedStatement> complete;

	private final AtomicInteger inFlight = new AtomicInteger();

	private final AtomicLong rejected = new AtomicLong();

	private final AtomicLong timedOut = new AtomicLong();

	private final Map<UUID, Sinks.Empty<Void>> running = new ConcurrentHashMap<>();

	private volatile boolean accepting = true;

	/**
	 * The intents of a service.
	 * @param session the session (prepares the statements once)
	 * @param executor runs the intents' writes, like every write of the service
	 * @param time where intent ids and completion times come from
	 * @param settings the bounds
	 * @param hooks fault injection for tests ({@link Hooks#NONE} in production)
	 */
	public WriteIntents(CqlSession session, StatementExecutor executor, TimeSource time, Settings settings,
			Hooks hooks) {
		this.session = Objects.requireNonNull(session, "session");
		this.executor = Objects.requireNonNull(executor, "executor");
		this.time = Objects.requireNonNull(time, "time");
		this.settings = Objects.requireNonNull(settings, "settings");
		this.hooks = Objects.requireNonNull(hooks, "hooks");
		this.insert = Mono.fromCompletionStage(() -> session.prepareAsync(INSERT)).cache();
		this.complete = Mono.fromCompletionStage(() -> session.prepareAsync(COMPLETE)).cache();
	}

	/**
	 * Runs a change: records its intent, then writes its source, then its copies, on a
	 * subscription of its own, and marks the intent completed.
	 * @param <S> what the source write yields (e.g. the decided version)
	 * @param <T> the change's result
	 * @param intent the change's kind and source key
	 * @param source the source write
	 * @param copies the copies, given what the source write yielded
	 * @return the change's result; a cancel stops waiting, not the change
	 */
	public <S, T> Mono<T> run(NewIntent intent, Mono<S> source, Function<S, Mono<T>> copies) {
		return Mono.deferContextual((context) -> {
			if (!this.accepting || this.inFlight.incrementAndGet() > this.settings.maxInFlight()) {
				if (this.accepting) {
					this.inFlight.decrementAndGet();
				}
				this.rejected.incrementAndGet();
				return Mono.error(new WritesOverloadedException(this.accepting
						? "More than " + this.settings.maxInFlight() + " changes are in flight; nothing was written"
						: "The service is shutting down; nothing was written"));
			}
			WriteIntent recorded = begin(intent);
			Sinks.One<T> result = Sinks.one();
			Sinks.Empty<Void> done = Sinks.empty();
			this.running.put(recorded.id(), done);
			record(recorded).onErrorMap((failure) -> new ChangeNotStartedException(recorded, failure))
				.then(source)
				.flatMap((written) -> this.hooks.afterSource(intent.kind())
					.then(Mono.defer(() -> copies.apply(written))))
				.timeout(this.settings.deadline())
				// Detached, yet still the request's writes: what the caller's context
				// carries (a request's scope, a trace) goes with them.
				.contextWrite(context)
				.subscribe((value) -> result.tryEmitValue(value), (failure) -> finish(recorded, result, done, failure),
						() -> finish(recorded, result, done, null));
			return result.asMono();
		});
	}

	private WriteIntent begin(NewIntent intent) {
		UUID id = this.time.timeBasedId();
		Instant begunAt = TimeSource.instantOf(id);
		return new WriteIntent(begunAt.truncatedTo(ChronoUnit.MINUTES),
				Math.floorMod(id.hashCode(), this.settings.shards()), id, intent.kind(), intent.sourceKey(),
				intent.removedKeys(), intent.timestampMicros(), null);
	}

	private Mono<Void> record(WriteIntent intent) {
		return this.insert
			.map((statement) -> statement
				.bind(intent.bucket(), (byte) intent.shard(), intent.id(), intent.kind(), intent.sourceKey(),
						intent.removedKeys(), intent.timestampMicros())
				.setConsistencyLevel(CONSISTENCY)
				.setIdempotent(true))
			.flatMap(this.executor::execute)
			.then();
	}

	private <T> void finish(WriteIntent intent, Sinks.One<T> result, Sinks.Empty<Void> done, Throwable failure) {
		Mono<Void> completion;
		if (failure == null) {
			result.tryEmitEmpty();
			completion = complete(intent).onErrorResume((error) -> {
				// The change is finished; the sweeper will find it unmarked and replay it
				// (a replay of a finished change rewrites the same cells).
				logger.warn("Could not mark {} completed: {}", intent, error.toString());
				return Mono.empty();
			});
		}
		else {
			if (failure instanceof TimeoutException) {
				this.timedOut.incrementAndGet();
				logger.warn("{} did not finish within {}; the sweeper will finish it", intent,
						this.settings.deadline());
			}
			else {
				logger.info("{} failed ({}); the sweeper will finish it if its source was written", intent,
						failure.toString());
			}
			result.tryEmitError(failure);
			completion = Mono.empty();
		}
		completion.doFinally((signal) -> {
			this.running.remove(intent.id());
			this.inFlight.decrementAndGet();
			done.tryEmitEmpty();
		}).subscribe();
	}

	/**
	 * Marks an intent completed: its {@code completed_at} cell, nothing deleted.
	 * @param intent the intent
	 * @return completes once written
	 */
	Mono<Void> complete(WriteIntent intent) {
		return this.complete
			.map((statement) -> statement
				.bind(this.time.instantMillis(), intent.bucket(), (byte) intent.shard(), intent.id())
				.setConsistencyLevel(CONSISTENCY)
				.setIdempotent(true))
			.flatMap(this.executor::execute)
			.then();
	}

	/**
	 * Stops accepting new changes and waits for those in flight to finish, up to a
	 * deadline: the graceful shutdown's step after the web server has drained its
	 * requests.
	 * @param timeout how long to wait
	 * @return whether every change finished in time (the rest is left to the sweeper)
	 */
	public boolean drain(Duration timeout) {
		this.accepting = false;
		List<Mono<Void>> pending = this.running.values().stream().map(Sinks.Empty::asMono).toList();
		if (pending.isEmpty()) {
			return true;
		}
		logger.info("Waiting for {} change(s) in flight to finish", pending.size());
		try {
			Flux.merge(pending).then().toFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			return true;
		}
		catch (TimeoutException ex) {
			logger.warn("{} change(s) still in flight after {}; the sweeper will finish them", this.inFlight.get(),
					timeout);
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
		catch (ExecutionException ex) {
			return false;
		}
	}

	/**
	 * Accepts changes again (after {@link #drain}, in tests that restart the lifecycle).
	 */
	public void resume() {
		this.accepting = true;
	}

	/**
	 * Changes running now.
	 * @return the number of changes begun and not yet finished here
	 */
	public int inFlight() {
		return this.inFlight.get();
	}

	/**
	 * Changes refused because too many were in flight or the service was stopping.
	 * @return the count since start
	 */
	public long rejected() {
		return this.rejected.get();
	}

	/**
	 * Changes stopped at their deadline and left to the sweeper.
	 * @return the count since start
	 */
	public long timedOut() {
		return this.timedOut.get();
	}

	/**
	 * The bounds of the changes in flight.
	 * @return the settings
	 */
	public Settings settings() {
		return this.settings;
	}

	CqlSession session() {
		return this.session;
	}

	static GenericType<Map<String, String>> keyType() {
		return KEY;
	}

	static GenericType<List<Map<String, String>>> keysType() {
		return KEYS;
	}

	/**
	 * How changes run.
	 *
	 * @param maxInFlight the most changes running at once; beyond it a change is refused
	 * before anything is written
	 * @param deadline how long a change may run before it is stopped and left to the
	 * sweeper; the sweeper replays an unfinished intent once it is older than this
	 * @param shards partitions per minute of {@code write_intents}
	 */
	public record Settings(int maxInFlight, Duration deadline, int shards) {

		/** The defaults: 1,000 in flight, 10 seconds, 4 shards. */
		public static final Settings DEFAULTS = new Settings(1_000, Duration.ofSeconds(10), 4);

		public Settings {
			if (maxInFlight < 1 || shards < 1 || shards > Byte.MAX_VALUE) {
				throw new IllegalArgumentException("maxInFlight must be at least 1, shards between 1 and 127");
			}
			Objects.requireNonNull(deadline, "deadline");
		}

	}

	/**
	 * Fault injection for the tests that prove a change survives its process: what to do
	 * right after a change's source write.
	 *
	 * @param haltAfter the kinds of change after whose source write the JVM halts (as a
	 * SIGKILL would end it: no shutdown hook, nothing flushed)
	 * @param delayCopies how long to wait between the source write and the copies
	 */
	public record Hooks(Set<String> haltAfter, Duration delayCopies) {

		/** No fault injected: production. */
		public static final Hooks NONE = new Hooks(Set.of(), Duration.ZERO);

		public Hooks {
			haltAfter = Set.copyOf(haltAfter);
			Objects.requireNonNull(delayCopies, "delayCopies");
		}

		Mono<Void> afterSource(String kind) {
			if (this.haltAfter.contains(kind)) {
				return Mono.fromRunnable(() -> {
					logger.warn("Halting after the source write of a {} change (querydriven.testing.halt-after)", kind);
					Runtime.getRuntime().halt(137);
				});
			}
			return this.delayCopies.isZero() ? Mono.empty() : Mono.delay(this.delayCopies).then();
		}

	}

}
