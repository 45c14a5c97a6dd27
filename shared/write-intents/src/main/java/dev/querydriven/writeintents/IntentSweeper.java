package dev.querydriven.writeintents;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.modeling.dualwrite.StatementExecutor;
import dev.querydriven.modeling.time.TimeSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Finishes the changes cut short: reads {@code write_intents} minute by minute from a
 * watermark, and hands every intent older than the changes' deadline and not completed to
 * the {@link IntentReplayer} of its kind, then marks it completed.
 *
 * <p>
 * <b>From a watermark, never past a day.</b> The sweeper remembers, in
 * {@code write_intent_sweeps}, the minute up to which every intent is finished, and reads
 * only the minutes after it: one partition per minute and shard, each by its full key.
 * The watermark is kept in a row of the minute it was written in, which expires with the
 * intents; a pass finds it in the newest minute that holds one, walking back a minute at
 * a time (one or two reads when the sweeper keeps up, up to a day's minutes once after an
 * outage). The table's schema file sets it to the moment the table was created, when no
 * intent can exist yet. It never reads a minute older than the intents' time to live
 * (less a margin): an expired row would come back as a tombstone. Should the sweeper fall
 * a day behind (down for a day), the minutes past that are skipped, and the log says so.
 *
 * <p>
 * <b>Several instances are safe.</b> Two sweepers may replay the same intent: a replay
 * rewrites the same cells from the same source, so the second changes nothing. One that
 * writes its watermark after another got further moves it back a little: the next pass
 * reads those minutes again and finds them finished.
 */
public final class IntentSweeper {

	static final String READ_MINUTE = "SELECT intent_id, kind, source_key, removed_keys, write_timestamp, completed_at "
			+ "FROM write_intents WHERE bucket = ? AND shard = ?";

	static final String READ_WATERMARK = "SELECT swept_until FROM write_intent_sweeps WHERE minute = ?";

	static final String WRITE_WATERMARK = "UPDATE write_intent_sweeps SET swept_until = ? WHERE minute = ?";

	private static final Duration MINUTE = Duration.ofMinutes(1);

	/**
	 * How far back a sweeper reads at most: the intents' time to live less an hour, so
	 * that it never reads a minute whose rows may have expired.
	 */
	public static final Duration HORIZON = WriteIntents.TIME_TO_LIVE.minus(Duration.ofHours(1));

	private static final Logger logger = LoggerFactory.getLogger(IntentSweeper.class);

	private final WriteIntents intents;

	private final CqlSession session;

	private final StatementExecutor executor;

	private final TimeSource time;

	private final Map<String, IntentReplayer> replayers = new HashMap<>();

	private final Mono<PreparedStatement> readMinute;

	private final Mono<PreparedStatement> readWatermark;

	private final Mono<PreparedStatement> writeWatermark;

	private final Duration horizon;

	private final Function<Statement<?>, Flux<Row>> reader;

	private final AtomicReference<SweepReport> last = new AtomicReference<>();

	/**
	 * A sweeper. Its reads run where the service's statements run (Spring Data's CQL
	 * template, so that they are translated, intercepted and counted like every other).
	 * @param intents the intents it finishes
	 * @param executor runs its writes
	 * @param reader runs its reads
	 * @param time the clock
	 * @param replayers one per kind of change
	 * @param horizon how far back it reads at most ({@link #HORIZON}; less in tests)
	 */
	public IntentSweeper(WriteIntents intents, StatementExecutor executor, Function<Statement<?>, Flux<Row>> reader,
			TimeSource time, List<IntentReplayer> replayers, Duration horizon) {
		if (horizon.compareTo(HORIZON) > 0) {
			throw new IllegalArgumentException("A sweeper never reads further back than " + HORIZON);
		}
		this.horizon = horizon;
		this.reader = reader;
		this.intents = intents;
		this.session = intents.session();
		this.executor = executor;
		this.time = time;
		for (IntentReplayer replayer : replayers) {
			for (String kind : replayer.kinds()) {
				IntentReplayer previous = this.replayers.put(kind, replayer);
				if (previous != null && previous != replayer) {
					throw new IllegalArgumentException("Two replayers for changes of kind " + kind);
				}
			}
		}
		this.readMinute = Mono.fromCompletionStage(() -> this.session.prepareAsync(READ_MINUTE)).cache();
		this.readWatermark = Mono.fromCompletionStage(() -> this.session.prepareAsync(READ_WATERMARK)).cache();
		this.writeWatermark = Mono.fromCompletionStage(() -> this.session.prepareAsync(WRITE_WATERMARK)).cache();
	}

	/**
	 * One pass: every minute from the watermark up to the changes' deadline ago.
	 * @return what the pass found and did
	 */
	public Mono<SweepReport> sweep() {
		return Mono.defer(() -> {
			Instant now = this.time.instant();
			Instant oldestReadable = now.minus(this.horizon).truncatedTo(ChronoUnit.MINUTES).plus(MINUTE);
			Instant sweepBefore = now.minus(this.intents.settings().deadline());
			return watermark(now, oldestReadable).defaultIfEmpty(oldestReadable).flatMap((watermark) -> {
				Instant from = watermark.truncatedTo(ChronoUnit.MINUTES);
				if (from.isBefore(oldestReadable)) {
					logger.error("The write intents were last swept up to {}, beyond the sweeper's horizon: intents "
							+ "of the minutes before {} are not swept; check their copies against their sources", from,
							oldestReadable);
					from = oldestReadable;
				}
				List<Instant> minutes = new ArrayList<>();
				for (Instant minute = from; !minute.isAfter(sweepBefore); minute = minute.plus(MINUTE)) {
					minutes.add(minute);
				}
				return sweepMinutes(minutes, sweepBefore, from, now);
			});
		}).doOnNext(this.last::set);
	}

	/**
	 * Sweeps every minute (an intent that cannot be finished yet never holds up the
	 * others), then moves the watermark past the minutes that are whole (older than the
	 * deadline: no change of theirs may still be running) and clean (every intent
	 * finished), up to the first that is not.
	 */
	private Mono<SweepReport> sweepMinutes(List<Instant> minutes, Instant sweepBefore, Instant from, Instant now) {
		SweepReport.Builder report = new SweepReport.Builder(from);
		return Flux.fromIterable(minutes)
			.concatMap((minute) -> sweepMinute(minute, sweepBefore, report)
				.map((clean) -> clean && !minute.plus(MINUTE).isAfter(sweepBefore)))
			.collectList()
			.flatMap((done) -> {
				int leading = 0;
				while (leading < done.size() && done.get(leading)) {
					leading++;
				}
				Instant next = from.plus(MINUTE.multipliedBy(leading));
				report.sweptUntil(next);
				return next.isAfter(from) ? writeWatermark(next, now).thenReturn(report.build())
						: Mono.just(report.build());
			});
	}

	/**
	 * Sweeps one minute's partitions; {@code true} when every intent in them is finished.
	 */
	private Mono<Boolean> sweepMinute(Instant minute, Instant sweepBefore, SweepReport.Builder report) {
		return Flux.range(0, this.intents.settings().shards())
			.concatMap((shard) -> this.readMinute
				.flatMapMany((statement) -> this.reader.apply(statement.bind(minute, (byte) (int) shard)
					.setConsistencyLevel(WriteIntents.CONSISTENCY)
					.setIdempotent(true)))
				.map((row) -> intent(minute, shard, row)))
			.concatMap((intent) -> finish(intent, sweepBefore, report))
			.all(Boolean::booleanValue);
	}

	private Mono<Boolean> finish(WriteIntent intent, Instant sweepBefore, SweepReport.Builder report) {
		report.read();
		if (intent.completed()) {
			return Mono.just(true);
		}
		if (intent.begunAt().isAfter(sweepBefore)) {
			// Still within its deadline: its change may be running.
			report.pending(intent);
			return Mono.just(false);
		}
		IntentReplayer replayer = this.replayers.get(intent.kind());
		if (replayer == null) {
			logger.error("No replayer for {}; its copies are left as they are", intent);
			report.failed(intent);
			return Mono.just(false);
		}
		return replayer.replay(intent).then(this.intents.complete(intent)).then(Mono.fromCallable(() -> {
			report.replayed(intent);
			logger.info("Finished {} begun at {}", intent, intent.begunAt());
			return true;
		})).onErrorResume((failure) -> {
			report.failed(intent);
			logger.warn("Could not finish {} begun at {} (will try again): {}", intent, intent.begunAt(),
					failure.toString());
			return Mono.just(false);
		});
	}

	/**
	 * The newest watermark: the row of the current minute, else of the minute before, and
	 * so on back to the horizon.
	 */
	private Mono<Instant> watermark(Instant now, Instant oldestReadable) {
		List<Instant> minutes = new ArrayList<>();
		for (Instant minute = now.truncatedTo(ChronoUnit.MINUTES); !minute.isBefore(oldestReadable); minute = minute
			.minus(MINUTE)) {
			minutes.add(minute);
		}
		return Flux.fromIterable(minutes)
			.concatMap((minute) -> this.readWatermark.flatMapMany((statement) -> this.reader
				.apply(statement.bind(minute).setConsistencyLevel(WriteIntents.CONSISTENCY).setIdempotent(true))))
			.mapNotNull((row) -> row.getInstant("swept_until"))
			.next();
	}

	private Mono<Void> writeWatermark(Instant sweptUntil, Instant now) {
		return this.writeWatermark
			.map((statement) -> statement.bind(sweptUntil, now.truncatedTo(ChronoUnit.MINUTES))
				.setConsistencyLevel(WriteIntents.CONSISTENCY)
				.setIdempotent(true))
			.flatMap(this.executor::execute)
			.then();
	}

	private static WriteIntent intent(Instant minute, int shard, Row row) {
		return new WriteIntent(minute, shard, row.getUuid("intent_id"), row.getString("kind"),
				Optional.ofNullable(row.get("source_key", WriteIntents.keyType())).orElse(Map.of()),
				Optional.ofNullable(row.get("removed_keys", WriteIntents.keysType())).orElse(List.of()),
				row.getLong("write_timestamp"), row.getInstant("completed_at"));
	}

	/**
	 * What the last pass found.
	 * @return the report, empty before the first pass
	 */
	public Optional<SweepReport> lastReport() {
		return Optional.ofNullable(this.last.get());
	}

}
