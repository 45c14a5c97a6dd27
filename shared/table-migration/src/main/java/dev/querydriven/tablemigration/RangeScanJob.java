package dev.querydriven.tablemigration;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * The two admin jobs of a migration, both token-range scans: the backfill copies the old
 * table into the new shape, and verify compares the shapes in both directions. Each token
 * range is a unit of work: scanned with paging, at most {@code rangeConcurrency} at once
 * with at most {@code concurrency} row operations in flight overall, retried as a whole
 * (its writes are idempotent), and checkpointed when it finishes so that a restarted job
 * skips it.
 *
 * <p>
 * Data statements run at {@code LOCAL_QUORUM}, the level services write at here: a scan
 * then sees every write acknowledged in this datacenter, and a copy is acknowledged by a
 * majority of its replicas.
 */
final class RangeScanJob<R> {

	private static final Logger logger = LoggerFactory.getLogger(RangeScanJob.class);

	/** How often verify re-checks a row that keeps changing before counting it. */
	private static final int MAX_RECHECKS = 3;

	private static final int SAMPLE_LENGTH = 300;

	private final CqlSession session;

	private final TableMigration<R> migration;

	private final MigrationStore store;

	private final MigrationSettings settings;

	private final Clock clock;

	private final int rowConcurrency;

	RangeScanJob(CqlSession session, TableMigration<R> migration, MigrationStore store, MigrationSettings settings,
			Clock clock) {
		this.session = session;
		this.migration = migration;
		this.store = store;
		this.settings = settings;
		this.clock = clock;
		this.rowConcurrency = Math.max(1, settings.concurrency() / settings.rangeConcurrency());
	}

	/**
	 * Scans the token ranges the job of the state's phase has not checkpointed yet: the
	 * backfill copies each old row into the new shape with its original write timestamp;
	 * verify checks each row of both shapes against the other.
	 * @return one element per range checkpointed
	 */
	Flux<JobProgress> scan(MigrationState state) {
		if (state.phase() == MigrationPhase.BACKFILL) {
			return scan(state, state.backfillJob(), List.of(RangeCheckpoint.OLD), (table, slice) -> copy(slice));
		}
		return scan(state, state.verifyJob(), List.of(RangeCheckpoint.OLD, RangeCheckpoint.NEW),
				(table, slice) -> RangeCheckpoint.OLD.equals(table) ? checkOldRange(slice) : checkNewRange(slice));
	}

	/**
	 * Records the outcome of a job whose ranges are all checkpointed (the backfill done,
	 * or verify's result) and releases its lease, if the job still holds it.
	 */
	Mono<Void> finish(MigrationState state, String worker) {
		boolean backfill = state.phase() == MigrationPhase.BACKFILL;
		String job = backfill ? state.backfillJob() : state.verifyJob();
		int total = (backfill ? 1 : 2) * (state.tokenBoundaries().size() - 1);
		return this.store.checkpoints(state.name(), job).collectList().flatMap((checkpoints) -> {
			if (checkpoints.size() != total) {
				return Mono.error(new IllegalStateException("Table migration " + state.name() + ": " + job + " found "
						+ checkpoints.size() + " checkpoints for " + total + " token ranges"));
			}
			if (backfill) {
				long rows = checkpoints.stream().mapToLong(RangeCheckpoint::rows).sum();
				String line = this.clock.instant() + ": " + job + " copied " + rows + " rows of "
						+ this.migration.oldTable() + " into " + this.migration.newTable() + " in " + total
						+ " token ranges, " + rate(rows, wallTime(checkpoints)) + " rows/s";
				return record(state, worker, true, null, line);
			}
			VerifyReport report = verifyReport(state.verifyRun(), checkpoints, total, false,
					this.settings.sampleSize());
			String result = (report.mismatches() == 0) ? MigrationState.CLEAN : MigrationState.MISMATCHES;
			String line = this.clock.instant() + ": " + job + " " + result + ": " + report.oldRowsChecked()
					+ " old and " + report.newRowsChecked() + " new rows checked, " + report.missingInNew()
					+ " missing, " + report.differentInNew() + " different, " + report.extraInNew() + " extra, "
					+ report.resolvedOnRecheck() + " resolved on re-check";
			return record(state, worker, state.backfillDone(), result, line);
		});
	}

	/**
	 * Sums a verify run's checkpoints.
	 */
	static VerifyReport verifyReport(int run, List<RangeCheckpoint> checkpoints, int rangesTotal, boolean recorded,
			int sampleSize) {
		long oldRows = 0;
		long newRows = 0;
		long missing = 0;
		long different = 0;
		long extra = 0;
		long resolved = 0;
		List<String> samples = new ArrayList<>();
		for (RangeCheckpoint checkpoint : checkpoints) {
			if (RangeCheckpoint.OLD.equals(checkpoint.scannedTable())) {
				oldRows += checkpoint.rows();
			}
			else {
				newRows += checkpoint.rows();
			}
			missing += checkpoint.missing();
			different += checkpoint.different();
			extra += checkpoint.extra();
			resolved += checkpoint.resolvedOnRecheck();
			checkpoint.samples().stream().limit(sampleSize - samples.size()).forEach(samples::add);
		}
		boolean clean = recorded && missing + different + extra == 0;
		return new VerifyReport(run, checkpoints.size(), rangesTotal, oldRows, newRows, missing, different, extra,
				resolved, List.copyOf(samples), recorded, clean);
	}

	/**
	 * The wall time of a run so far: from its first range's start to its last range's
	 * end.
	 */
	static Duration wallTime(List<RangeCheckpoint> checkpoints) {
		Optional<Instant> first = checkpoints.stream().map(RangeCheckpoint::startedAt).min(Comparator.naturalOrder());
		Optional<Instant> last = checkpoints.stream().map(RangeCheckpoint::finishedAt).max(Comparator.naturalOrder());
		return (first.isPresent() && last.isPresent()) ? Duration.between(first.get(), last.get()) : Duration.ZERO;
	}

	static long rate(long rows, Duration took) {
		return (took.toMillis() == 0) ? rows : rows * 1000 / took.toMillis();
	}

	private Flux<JobProgress> scan(MigrationState state, String job, List<String> tables, RangeWork work) {
		String name = state.name();
		List<TokenSlice> slices = TokenRanges.slices(state.tokenBoundaries());
		return this.store.checkpoints(name, job).collectList().flatMapMany((done) -> {
			Set<String> finished = new HashSet<>();
			done.forEach((checkpoint) -> finished.add(key(checkpoint.scannedTable(), checkpoint.slice())));
			List<Pending> pending = new ArrayList<>();
			for (String table : tables) {
				slices.stream()
					.filter((slice) -> !finished.contains(key(table, slice)))
					.forEach((slice) -> pending.add(new Pending(table, slice)));
			}
			Progress progress = new Progress(name, job, tables.size() * slices.size(), done);
			logger.info("Table migration {}: {} {} — {} of {} token ranges already done{}", name, job,
					done.isEmpty() ? "starts" : "resumes", done.size(), progress.total,
					done.isEmpty() ? "" : ", skipping them");
			return Flux.fromIterable(pending)
				.flatMap((range) -> scanRange(work, range)
					.flatMap((checkpoint) -> this.store.saveCheckpoint(name, job, checkpoint).thenReturn(checkpoint)),
						this.settings.rangeConcurrency())
				.map(progress::record)
				.doOnComplete(() -> progress.log(true));
		});
	}

	private Mono<RangeCheckpoint> scanRange(RangeWork work, Pending range) {
		return Mono.defer(() -> work.scan(range.table(), range.slice()))
			.retryWhen(Retry.backoff(3, Duration.ofMillis(200))
				.doBeforeRetry((signal) -> logger.warn("Table migration {}: token range {} of {} failed ({}); retrying",
						this.migration.name(), range.slice(), range.table(), signal.failure().toString())));
	}

	private Mono<Void> record(MigrationState state, String worker, boolean backfillDone, String verifyResult,
			String line) {
		return this.store.finishJob(state, worker, backfillDone, verifyResult, line).flatMap((applied) -> {
			if (!applied) {
				return Mono.error(new MigrationRefusedException(state.name(), state.phase(),
						"the state changed while the job ran (phase change or lost lease): its outcome was not recorded"));
			}
			logger.info("Table migration {}: {}", state.name(), line);
			return Mono.empty();
		});
	}

	private Mono<RangeCheckpoint> copy(TokenSlice slice) {
		Instant started = this.clock.instant();
		return scan(this.migration.scanOld(slice.fromExclusive(), slice.toInclusive()), slice).flatMap((row) -> {
			long written = this.migration.writeTimeMicros(row);
			return this.migration.completeOld(this.migration.readOld(row))
				.flatMap((complete) -> write(complete, written));
		}, this.rowConcurrency)
			.count()
			.map((rows) -> new RangeCheckpoint(RangeCheckpoint.OLD, slice, rows, 0, 0, 0, 0, List.of(), started,
					this.clock.instant()));
	}

	private Mono<Boolean> write(R row, long timestampMicros) {
		Statement<?> insert = this.migration.insertNew(row)
			.setQueryTimestamp(timestampMicros)
			.setIdempotent(true)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);
		return Flux.from(this.session.executeReactive(insert)).then().thenReturn(Boolean.TRUE);
	}

	private Mono<RangeCheckpoint> checkOldRange(TokenSlice slice) {
		Instant started = this.clock.instant();
		Tally tally = new Tally(this.settings.sampleSize());
		return scan(this.migration.scanOld(slice.fromExclusive(), slice.toInclusive()), slice)
			.flatMap((row) -> this.migration.completeOld(this.migration.readOld(row))
				.flatMap(this::checkOld)
				.defaultIfEmpty(Check.OK), this.rowConcurrency)
			.doOnNext(tally::add)
			.then(Mono.fromSupplier(() -> tally.checkpoint(RangeCheckpoint.OLD, slice, started, this.clock.instant())));
	}

	private Mono<RangeCheckpoint> checkNewRange(TokenSlice slice) {
		Instant started = this.clock.instant();
		Tally tally = new Tally(this.settings.sampleSize());
		return scan(this.migration.scanNew(slice.fromExclusive(), slice.toInclusive()), slice)
			.flatMap((row) -> checkNew(this.migration.readNew(row)), this.rowConcurrency)
			.doOnNext(tally::add)
			.then(Mono.fromSupplier(() -> tally.checkpoint(RangeCheckpoint.NEW, slice, started, this.clock.instant())));
	}

	/**
	 * Old to new: the old row's counterpart must exist and be equal.
	 */
	private Mono<Check> checkOld(R old) {
		return findNew(old).flatMap((found) -> found.filter(old::equals).isPresent() ? Mono.just(Check.OK)
				: Mono.delay(this.settings.recheckDelay()).then(recheckOld(old, 1)));
	}

	/**
	 * A mismatch counts only if it is still there a moment later while the old row stands
	 * still: a row that changed in between was being written, and is checked again.
	 */
	private Mono<Check> recheckOld(R previous, int attempt) {
		return findOld(previous).flatMap((current) -> {
			if (current.isEmpty()) {
				// Deleted meanwhile: a dual delete removes both copies.
				return Mono.just(Check.RESOLVED);
			}
			R old = current.get();
			return findNew(old).flatMap((found) -> {
				if (found.filter(old::equals).isPresent()) {
					return Mono.just(Check.RESOLVED);
				}
				if (!old.equals(previous) && attempt < MAX_RECHECKS) {
					return Mono.delay(this.settings.recheckDelay()).then(recheckOld(old, attempt + 1));
				}
				return Mono.just(found.isEmpty()
						? new Check(Kind.MISSING,
								"missing in " + this.migration.newTable() + ": " + this.migration.describe(old))
						: new Check(Kind.DIFFERENT, "different in " + this.migration.newTable() + ": expected "
								+ this.migration.describe(old) + ", found " + this.migration.describe(found.get())));
			});
		});
	}

	/**
	 * New to old: every new row must have come from an old one.
	 */
	private Mono<Check> checkNew(R row) {
		return findOld(row).flatMap((old) -> old.isPresent() ? Mono.just(Check.OK)
				: Mono.delay(this.settings.recheckDelay()).then(recheckNew(row)));
	}

	private Mono<Check> recheckNew(R row) {
		return findNew(row).flatMap((current) -> {
			if (current.isEmpty()) {
				return Mono.just(Check.RESOLVED);
			}
			return findOld(current.get()).map((old) -> old.isPresent() ? Check.RESOLVED
					: new Check(Kind.EXTRA, "extra in " + this.migration.newTable() + " (absent from "
							+ this.migration.oldTable() + "): " + this.migration.describe(current.get())));
		});
	}

	private Mono<Optional<R>> findOld(R row) {
		return findOne(this.migration.findOld(row), this.migration::readOld).flatMap((found) -> found.isPresent()
				? this.migration.completeOld(found.get()).map(Optional::of).defaultIfEmpty(Optional.empty())
				: Mono.just(found));
	}

	private Mono<Optional<R>> findNew(R row) {
		return findOne(this.migration.findNew(row), this.migration::readNew);
	}

	private Mono<Optional<R>> findOne(Statement<?> statement, Function<Row, R> reader) {
		Statement<?> read = statement.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM).setIdempotent(true);
		return Flux.from(this.session.executeReactive(read))
			.next()
			.map((row) -> Optional.of(reader.apply(row)))
			.defaultIfEmpty(Optional.empty());
	}

	private Flux<Row> scan(Statement<?> statement, TokenSlice slice) {
		Statement<?> scan = statement.setPageSize(this.settings.pageSize())
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true);
		// Sent to a replica of the slice: slices never straddle a node's token.
		TokenMap tokenMap = this.session.getMetadata().getTokenMap().orElse(null);
		if (tokenMap != null) {
			scan = scan.setRoutingToken(tokenMap.parse(Long.toString(slice.toInclusive())));
		}
		return Flux.from(this.session.executeReactive(scan));
	}

	private static String key(String table, TokenSlice slice) {
		return table + ":" + slice.fromExclusive();
	}

	@FunctionalInterface
	private interface RangeWork {

		Mono<RangeCheckpoint> scan(String table, TokenSlice slice);

	}

	private record Pending(String table, TokenSlice slice) {

	}

	private enum Kind {

		OK, RESOLVED, MISSING, DIFFERENT, EXTRA

	}

	private record Check(Kind kind, String sample) {

		static final Check OK = new Check(Kind.OK, null);

		static final Check RESOLVED = new Check(Kind.RESOLVED, null);

	}

	/**
	 * The outcome of one range's checks; fed serially by the range's flux.
	 */
	private static final class Tally {

		private final int sampleSize;

		private final List<String> samples = new ArrayList<>();

		private long rows;

		private long missing;

		private long different;

		private long extra;

		private long resolved;

		Tally(int sampleSize) {
			this.sampleSize = sampleSize;
		}

		void add(Check check) {
			this.rows++;
			switch (check.kind()) {
				case RESOLVED -> this.resolved++;
				case MISSING -> this.missing++;
				case DIFFERENT -> this.different++;
				case EXTRA -> this.extra++;
				default -> {
				}
			}
			if (check.sample() != null && this.samples.size() < this.sampleSize) {
				String sample = check.sample();
				this.samples.add((sample.length() > SAMPLE_LENGTH) ? sample.substring(0, SAMPLE_LENGTH) + "…" : sample);
			}
		}

		RangeCheckpoint checkpoint(String table, TokenSlice slice, Instant started, Instant finished) {
			return new RangeCheckpoint(table, slice, this.rows, this.missing, this.different, this.extra, this.resolved,
					List.copyOf(this.samples), started, finished);
		}

	}

	/**
	 * A run's progress on this instance; fed serially, one checkpoint at a time.
	 */
	private final class Progress {

		private final String name;

		private final String job;

		private final int total;

		private final long startedNanos = System.nanoTime();

		private int done;

		private long rows;

		private long rowsHere;

		private long loggedNanos = this.startedNanos;

		Progress(String name, String job, int total, List<RangeCheckpoint> done) {
			this.name = name;
			this.job = job;
			this.total = total;
			this.done = done.size();
			this.rows = done.stream().mapToLong(RangeCheckpoint::rows).sum();
		}

		JobProgress record(RangeCheckpoint checkpoint) {
			this.done++;
			this.rows += checkpoint.rows();
			this.rowsHere += checkpoint.rows();
			if (System.nanoTime() - this.loggedNanos >= RangeScanJob.this.settings.progressLogInterval().toNanos()) {
				log(false);
			}
			return new JobProgress(this.name, this.job, checkpoint.scannedTable(), checkpoint.slice().fromExclusive(),
					checkpoint.slice().toInclusive(), checkpoint.rows(), this.done, this.total, this.rows, rate());
		}

		void log(boolean last) {
			this.loggedNanos = System.nanoTime();
			logger.info("Table migration {}: {} {}/{} token ranges ({}%), {} rows, {} rows/s on this instance{}",
					this.name, this.job, this.done, this.total, 100 * this.done / this.total, this.rows,
					Math.round(rate()), last ? " — all ranges done" : "");
		}

		private double rate() {
			double seconds = (System.nanoTime() - this.startedNanos) / 1e9;
			return (seconds <= 0) ? 0 : this.rowsHere / seconds;
		}

	}

}
