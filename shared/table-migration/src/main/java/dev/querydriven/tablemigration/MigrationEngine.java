package dev.querydriven.tablemigration;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Pattern;

import com.datastax.oss.driver.api.core.CqlSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;
import reactor.util.retry.Retry;

/**
 * Moves a query from an old table shape to a new one while the service keeps serving: the
 * article's recipe — dual-write, backfill, verify, then cut reads over — with every step
 * guarded and its state in Cassandra, so that all instances agree.
 *
 * <ul>
 * <li><b>Routing</b>: the service asks {@link #phase(String)} on every read and write of
 * the migrated query and writes the old shape, the new shape or both, and reads the old
 * or the new one, as {@link MigrationPhase} says. The answer comes from a per-instance
 * view no older than the refresh interval.</li>
 * <li><b>Transitions</b>: {@link #advance(String)} moves one phase forward,
 * {@link #rollback(String)} one phase back where that is safe. Each is a lightweight
 * transaction conditioned on the state's revision, so of two concurrent moves one wins
 * and the other is refused. Guards: the backfill starts only a refresh interval plus a
 * margin after dual writes began, verify only after a complete backfill, the cut-over
 * only after a clean verify.</li>
 * <li><b>Jobs</b>: entering {@code BACKFILL} or {@code VERIFY} starts the phase's job on
 * the instance that advanced (a {@link RangeScanJob} over token ranges); the job holds a
 * lease renewed in the state row, checkpoints each token range, and another instance
 * {@link #resume(String) resumes} it where it stopped if this one dies.</li>
 * </ul>
 *
 * <pre class="code">
 * MigrationEngine migrations = new MigrationEngine(session, List.of(new PostsByCategoryMigration(session)),
 *         MigrationSettings.defaults());
 * migrations.phase("posts-by-category").flatMapMany((phase) -&gt; phase.readsNew()
 *         ? repository.findLatestByCategoryMonth(category, cursor, limit)
 *         : repository.findLatestByCategoryV1(category, cursor, limit));
 * </pre>
 */
public final class MigrationEngine implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(MigrationEngine.class);

	private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]{0,99}");

	private final CqlSession session;

	private final Map<String, TableMigration<?>> migrations = new LinkedHashMap<>();

	private final MigrationSettings settings;

	private final Clock clock;

	private final String instance;

	private final MigrationStore store;

	private final PhaseView view;

	private final Map<String, Disposable> jobs = new ConcurrentHashMap<>();

	/**
	 * An engine for the given migrations.
	 * @param session a session logged into the service's keyspace, which holds the
	 * engine's tables ({@link MigrationSchema})
	 * @param migrations the service's migrations
	 * @param settings the pacing, the same on every instance
	 */
	public MigrationEngine(CqlSession session, List<? extends TableMigration<?>> migrations,
			MigrationSettings settings) {
		this(session, migrations, settings, Clock.systemUTC());
	}

	/**
	 * An engine with its own clock.
	 * @param session a session logged into the service's keyspace
	 * @param migrations the service's migrations
	 * @param settings the pacing, the same on every instance
	 * @param clock the clock of phase times, guards and checkpoints
	 */
	public MigrationEngine(CqlSession session, List<? extends TableMigration<?>> migrations, MigrationSettings settings,
			Clock clock) {
		this(session, migrations, settings, clock, StateStatementExecutor.of(session));
	}

	/**
	 * An engine whose statements on its own tables (phase reads, transitions, leases,
	 * checkpoints) go through the given executor, e.g. one that a service's
	 * instrumentation sees with the request that caused them.
	 * @param session a session logged into the service's keyspace: the engine prepares
	 * its statements there, and its jobs scan and copy on it
	 * @param migrations the service's migrations
	 * @param settings the pacing, the same on every instance
	 * @param clock the clock of phase times, guards and checkpoints
	 * @param executor executes the statements on the engine's tables
	 */
	public MigrationEngine(CqlSession session, List<? extends TableMigration<?>> migrations, MigrationSettings settings,
			Clock clock, StateStatementExecutor executor) {
		this(session, migrations, settings, clock, executor, PhaseTicker.SYSTEM);
	}

	/**
	 * An engine whose in-memory phases age on the given ticker (a test's, which moves on
	 * command); otherwise as
	 * {@link #MigrationEngine(CqlSession, List, MigrationSettings, Clock, StateStatementExecutor)}.
	 * @param session a session logged into the service's keyspace
	 * @param migrations the service's migrations
	 * @param settings the pacing, the same on every instance
	 * @param clock the clock of phase times, guards and checkpoints
	 * @param executor executes the statements on the engine's tables
	 * @param ticker the monotonic clock of the phases' ages
	 */
	public MigrationEngine(CqlSession session, List<? extends TableMigration<?>> migrations, MigrationSettings settings,
			Clock clock, StateStatementExecutor executor, PhaseTicker ticker) {
		MigrationSchema.requireTables(session);
		for (TableMigration<?> migration : migrations) {
			if (!NAME.matcher(migration.name()).matches()) {
				throw new IllegalArgumentException("Migration name '" + migration.name()
						+ "': use lower-case letters, digits, '-' and '_' (it appears in URLs)");
			}
			if (this.migrations.putIfAbsent(migration.name(), migration) != null) {
				throw new IllegalArgumentException("Two migrations are named '" + migration.name() + "'");
			}
		}
		this.session = session;
		this.settings = settings;
		this.clock = clock;
		this.instance = hostName() + "/" + UUID.randomUUID().toString().substring(0, 8);
		this.store = new MigrationStore(session, executor);
		this.view = new PhaseView(this.store, List.copyOf(this.migrations.keySet()), settings.refreshInterval(),
				ticker);
	}

	/**
	 * The registered migrations' names.
	 * @return the names, in registration order
	 */
	public List<String> names() {
		return List.copyOf(this.migrations.keySet());
	}

	/**
	 * This engine's identity as a job's lease holder.
	 * @return host name and a random suffix
	 */
	public String instance() {
		return this.instance;
	}

	/**
	 * The phase to route a read or write of the migrated query on: the hot path, answered
	 * from memory almost always.
	 * @param name the migration
	 * @return the phase, read from Cassandra at most one refresh interval ago
	 */
	public Mono<MigrationPhase> phase(String name) {
		return known(name).flatMap((migration) -> this.view.phase(name));
	}

	/**
	 * A migration's phase, next step and job progress, for an admin.
	 * @param name the migration
	 * @return the status
	 */
	public Mono<MigrationStatus> status(String name) {
		return known(name).flatMap((migration) -> this.store.state(name)
			.flatMap((state) -> Mono.zip(backfillReport(state), verifyReport(state))
				.map((reports) -> status(migration, state, reports.getT1().orElse(null),
						reports.getT2().orElse(null)))));
	}

	/**
	 * Every registered migration's status.
	 * @return the statuses, in registration order
	 */
	public Flux<MigrationStatus> statuses() {
		return Flux.fromIterable(this.migrations.keySet()).concatMap(this::status);
	}

	/**
	 * Moves a migration one phase forward, if its guard allows it now. Entering
	 * {@code BACKFILL} or {@code VERIFY} starts the phase's job on this instance (unless
	 * {@link MigrationSettings#startJobs()} is off).
	 * @param name the migration
	 * @return the status after the move
	 * @throws MigrationRefusedException (as the error signal) when the guard refuses or
	 * another change won the race
	 */
	public Mono<MigrationStatus> advance(String name) {
		return move(name, (state) -> state.phase().next());
	}

	/**
	 * Moves a migration to the given phase, which must be the next one (or the previous
	 * one, where going back is safe): an admin names the phase they mean, so a repeated
	 * or out-of-order request is refused instead of moving further.
	 * @param name the migration
	 * @param target the phase to enter
	 * @return the status after the move
	 */
	public Mono<MigrationStatus> moveTo(String name, MigrationPhase target) {
		Objects.requireNonNull(target, "target");
		return move(name, (state) -> target);
	}

	/**
	 * Moves a migration one phase back, where that is safe (never from
	 * {@link MigrationPhase#NEW_ONLY}).
	 * @param name the migration
	 * @return the status after the move
	 */
	public Mono<MigrationStatus> rollback(String name) {
		return known(name).then(this.store.state(name)).flatMap((state) -> {
			if (state.phase() == MigrationPhase.NEW_ONLY) {
				return Mono.error(new MigrationRefusedException(name, state.phase(), "going back is unsafe: the "
						+ "old table no longer receives writes, so reading it again would serve stale data"));
			}
			if (state.phase() == MigrationPhase.OLD_ONLY) {
				return Mono.error(new MigrationRefusedException(name, state.phase(), "nothing to roll back"));
			}
			return move(name, (current) -> state.phase().previous());
		});
	}

	/**
	 * Starts the current phase's job on this instance, in the background: the backfill or
	 * verify left unfinished by an instance that died (its lease must have expired), or,
	 * once verify has finished, a new verify run (after mismatches were repaired).
	 * @param name the migration
	 * @return the status once the job holds its lease
	 */
	public Mono<MigrationStatus> resume(String name) {
		return known(name).flatMap((migration) -> this.store.state(name).flatMap((state) -> {
			if (state.phase() == MigrationPhase.VERIFY && state.verifyResult() != null && state.worker() == null) {
				return reverify(state);
			}
			return acquire(state).doOnNext((leased) -> background(migration, leased));
		})).then(Mono.defer(() -> status(name)));
	}

	/**
	 * Runs the current phase's job on this instance, in the caller's subscription:
	 * cancelling it stops the job and releases its lease; whatever ranges it checkpointed
	 * stay done.
	 * @param name the migration
	 * @return one element per token range done; completes when the job's outcome is
	 * recorded
	 */
	public Flux<JobProgress> run(String name) {
		return known(name).flatMapMany((migration) -> this.store.state(name)
			.flatMap(this::acquire)
			.flatMapMany((state) -> job(migration, state)));
	}

	/**
	 * Stops refreshing phases and cancels this instance's jobs (their leases are
	 * released, or expire).
	 */
	@Override
	public void close() {
		this.view.close();
		this.jobs.values().forEach(Disposable::dispose);
		this.jobs.clear();
	}

	private Mono<MigrationStatus> move(String name, Function<MigrationState, MigrationPhase> target) {
		return known(name).then(this.store.state(name)).flatMap((state) -> {
			MigrationPhase to = target.apply(state);
			Instant now = this.clock.instant();
			String refusal = Transitions.refusal(state, to, now, this.settings.dualWriteSettleTime());
			if (refusal != null) {
				return Mono.error(new MigrationRefusedException(name, state.phase(), refusal));
			}
			MigrationState next = Transitions.apply(state, to, now,
					() -> TokenRanges.plan(this.session, this.settings.tokenRanges()));
			return write(state, next, now + ": " + state.phase() + " → " + to + " by " + this.instance)
				.flatMap((written) -> {
					if (this.settings.startJobs() && jobRefusal(written) == null) {
						startInBackground(written);
					}
					return status(name);
				});
		});
	}

	private Mono<MigrationState> reverify(MigrationState state) {
		Instant now = this.clock.instant();
		MigrationState next = Transitions.apply(state, MigrationPhase.VERIFY, now, state::tokenBoundaries);
		return write(state, next, now + ": verify again (run " + next.verifyRun() + ") by " + this.instance)
			.flatMap(this::acquire)
			.doOnNext((leased) -> background(this.migrations.get(leased.name()), leased));
	}

	private Mono<MigrationState> write(MigrationState state, MigrationState next, String historyLine) {
		long startedNanos = this.view.nanoTime();
		return this.store.transition(state, next, historyLine).flatMap((applied) -> {
			if (!applied) {
				return Mono.error(new MigrationRefusedException(state.name(), state.phase(),
						"another change won the race (the state changed since it was read): read the status again"));
			}
			this.view.remember(next.name(), next.phase(), next.revision(), startedNanos);
			logger.info("Table migration {}: {}", next.name(), historyLine);
			return Mono.just(next);
		});
	}

	private Mono<MigrationState> acquire(MigrationState state) {
		String refusal = jobRefusal(state);
		if (refusal == null && state.worker() != null) {
			refusal = "its job is running on " + state.worker() + "; another instance may take it over only once "
					+ "that lease expires (" + this.settings.leaseTtl().toSeconds() + " s after its last renewal)";
		}
		if (refusal != null) {
			return Mono.error(new MigrationRefusedException(state.name(), state.phase(), refusal));
		}
		return this.store.takeLease(state, this.instance, this.settings.leaseTtl())
			.flatMap((taken) -> taken ? Mono.just(state) : Mono.error(new MigrationRefusedException(state.name(),
					state.phase(), "another instance took the job, or the state changed: read the status again")));
	}

	private static String jobRefusal(MigrationState state) {
		return switch (state.phase()) {
			case BACKFILL ->
				state.backfillDone() ? "backfill run " + state.backfillRun() + " is complete: advance to VERIFY" : null;
			case VERIFY -> (state.verifyResult() != null)
					? "verify run " + state.verifyRun() + " is complete (" + state.verifyResult() + ")" : null;
			default -> "no job runs in " + state.phase();
		};
	}

	private void startInBackground(MigrationState state) {
		TableMigration<?> migration = this.migrations.get(state.name());
		acquire(state).subscribe((leased) -> background(migration, leased),
				(ex) -> logger.warn("Table migration {}: the {} job did not start here: {}", state.name(),
						state.phase(), ex.getMessage()));
	}

	private void background(TableMigration<?> migration, MigrationState leased) {
		String name = leased.name();
		Disposable job = job(migration, leased).subscribe(null,
				(ex) -> logger.warn("Table migration {}: the {} job stopped: {}", name, leased.phase(), ex.toString()));
		Disposable previous = this.jobs.put(name, job);
		if (previous != null && !previous.isDisposed()) {
			logger.debug("Table migration {}: a previous job handle was replaced", name);
		}
	}

	/**
	 * The phase's job under its lease: renewed every third of its time to live, and
	 * conditioned on the revision the job started from, so a phase change (a rollback) or
	 * a takeover stops the job at its next renewal.
	 */
	private <R> Flux<JobProgress> job(TableMigration<R> migration, MigrationState state) {
		RangeScanJob<R> scans = new RangeScanJob<>(this.session, migration, this.store, this.settings, this.clock);
		Duration renewEvery = this.settings.leaseTtl().dividedBy(3);
		Mono<JobProgress> leaseLost = Flux.interval(renewEvery, renewEvery)
			.onBackpressureDrop()
			.concatMap((tick) -> this.store.renewLease(state, this.instance, this.settings.leaseTtl())
				.retryWhen(Retry.backoff(2, Duration.ofMillis(100))))
			.filter((renewed) -> !renewed)
			.next()
			.flatMap((lost) -> Mono.error(new MigrationRefusedException(state.name(), state.phase(),
					"the job lost its lease: the phase changed or another instance took over")));
		// Renewals stop once every range is done: the outcome is then recorded under the
		// lease as last renewed (IF worker = this instance).
		return scans.scan(state)
			.takeUntilOther(leaseLost)
			.concatWith(scans.finish(state, this.instance).then(Mono.empty()))
			.doFinally((signal) -> {
				if (signal != SignalType.ON_COMPLETE) {
					this.store.releaseLease(state.name(), this.instance)
						.subscribe(null, (ex) -> logger.debug("Table migration {}: lease not released ({}); it expires",
								state.name(), ex.toString()));
				}
			});
	}

	private Mono<Optional<BackfillReport>> backfillReport(MigrationState state) {
		if (state.backfillRun() == 0) {
			return Mono.just(Optional.empty());
		}
		int total = state.tokenBoundaries().size() - 1;
		return this.store.checkpoints(state.name(), state.backfillJob()).collectList().map((checkpoints) -> {
			long rows = checkpoints.stream().mapToLong(RangeCheckpoint::rows).sum();
			return Optional.of(new BackfillReport(state.backfillRun(), checkpoints.size(), total, rows,
					RangeScanJob.rate(rows, RangeScanJob.wallTime(checkpoints)), state.backfillDone()));
		});
	}

	private Mono<Optional<VerifyReport>> verifyReport(MigrationState state) {
		if (state.verifyRun() == 0) {
			return Mono.just(Optional.empty());
		}
		int total = 2 * (state.tokenBoundaries().size() - 1);
		return this.store.checkpoints(state.name(), state.verifyJob())
			.collectList()
			.map((checkpoints) -> Optional.of(RangeScanJob.verifyReport(state.verifyRun(), checkpoints, total,
					state.verifyResult() != null, this.settings.sampleSize())));
	}

	private MigrationStatus status(TableMigration<?> migration, MigrationState state, BackfillReport backfill,
			VerifyReport verify) {
		MigrationPhase next = state.phase().next();
		String blocker = (next != null)
				? Transitions.refusal(state, next, this.clock.instant(), this.settings.dualWriteSettleTime()) : null;
		return new MigrationStatus(state.name(), migration.oldTable(), migration.newTable(), state.phase(),
				state.phaseSince(), state.revision(), next, blocker, state.phase().previous(), state.worker(), backfill,
				verify, state.history());
	}

	private Mono<TableMigration<?>> known(String name) {
		TableMigration<?> migration = this.migrations.get(name);
		return (migration != null) ? Mono.just(migration) : Mono.error(new UnknownMigrationException(name));
	}

	private static String hostName() {
		try {
			return InetAddress.getLocalHost().getHostName();
		}
		catch (UnknownHostException ex) {
			return "unknown-host";
		}
	}

}
