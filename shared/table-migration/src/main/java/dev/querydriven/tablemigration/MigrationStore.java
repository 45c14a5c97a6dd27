package dev.querydriven.tablemigration;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Reads and changes the engine's two tables. Every change of a {@code table_migrations}
 * row is a lightweight transaction (serial consistency {@code SERIAL}, committed at
 * {@code QUORUM}) and every read of it is at {@code QUORUM}: the phase is one fact for
 * the whole cluster, so the majorities of writes and reads must overlap in every
 * datacenter, not only the local one. Admin changes are rare; the cost is one cross-DC
 * round trip per instance and refresh interval. Checkpoints are plain writes at
 * {@code QUORUM}, by the one instance holding a job's lease, and read at {@code QUORUM}
 * by the instance that resumes it.
 */
final class MigrationStore {

	private static final String STATE_COLUMNS = "name, revision, phase, phase_since, dual_write_since, "
			+ "token_boundaries, backfill_run, backfill_done, verify_run, verify_result, worker, history";

	private final StateStatementExecutor executor;

	private final PreparedStatement selectPhase;

	private final PreparedStatement selectState;

	private final PreparedStatement insertState;

	private final PreparedStatement updateState;

	private final PreparedStatement finishJob;

	private final PreparedStatement takeLease;

	private final PreparedStatement renewLease;

	private final PreparedStatement releaseLease;

	private final PreparedStatement insertCheckpoint;

	private final PreparedStatement selectCheckpoints;

	/**
	 * Prepares the statements on the session; executes them with the executor.
	 */
	MigrationStore(CqlSession session, StateStatementExecutor executor) {
		this.executor = executor;
		this.selectPhase = session.prepare("SELECT phase, revision FROM table_migrations WHERE name = ?");
		this.selectState = session.prepare("SELECT " + STATE_COLUMNS + " FROM table_migrations WHERE name = ?");
		this.insertState = session.prepare("INSERT INTO table_migrations (" + STATE_COLUMNS + ") VALUES (:name, "
				+ ":revision, :phase, :phase_since, :dual_write_since, :token_boundaries, :backfill_run, "
				+ ":backfill_done, :verify_run, :verify_result, :worker, :history) IF NOT EXISTS");
		// Cells that a transition leaves alone are bound as "unset", not null
		// (which would delete them): they keep their value.
		this.updateState = session.prepare("UPDATE table_migrations SET revision = :revision, phase = :phase, "
				+ "phase_since = :phase_since, dual_write_since = :dual_write_since, "
				+ "token_boundaries = :token_boundaries, backfill_run = :backfill_run, backfill_done = :backfill_done, "
				+ "verify_run = :verify_run, verify_result = :verify_result, worker = null, "
				+ "history = history + :history WHERE name = :name IF revision = :expected_revision");
		this.finishJob = session.prepare("UPDATE table_migrations SET revision = :revision, "
				+ "backfill_done = :backfill_done, verify_result = :verify_result, worker = null, "
				+ "history = history + :history WHERE name = :name IF revision = :expected_revision AND worker = :worker");
		this.takeLease = session.prepare("UPDATE table_migrations USING TTL :ttl SET worker = :worker "
				+ "WHERE name = :name IF revision = :expected_revision AND worker = null");
		this.renewLease = session.prepare("UPDATE table_migrations USING TTL :ttl SET worker = :worker "
				+ "WHERE name = :name IF revision = :expected_revision AND worker = :worker");
		this.releaseLease = session
			.prepare("UPDATE table_migrations SET worker = null WHERE name = :name IF worker = :worker");
		this.insertCheckpoint = session.prepare("INSERT INTO table_migration_ranges (name, job, scanned_table, "
				+ "range_start, range_end, rows_scanned, missing, different, extra, resolved_on_recheck, samples, "
				+ "started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
		this.selectCheckpoints = session.prepare("SELECT scanned_table, range_start, range_end, rows_scanned, "
				+ "missing, different, extra, resolved_on_recheck, samples, started_at, finished_at "
				+ "FROM table_migration_ranges WHERE name = ? AND job = ?");
	}

	/**
	 * The phase and revision, the one read on an instance's routing path.
	 */
	Mono<PhaseRead> phase(String name) {
		return Mono.from(this.executor.execute(read(this.selectPhase.bind(name))))
			.map((row) -> new PhaseRead(MigrationPhase.valueOf(row.getString("phase")), row.getInt("revision")))
			.defaultIfEmpty(new PhaseRead(MigrationPhase.OLD_ONLY, 0));
	}

	Mono<MigrationState> state(String name) {
		return Mono.from(this.executor.execute(read(this.selectState.bind(name))))
			.map(MigrationStore::state)
			.defaultIfEmpty(MigrationState.initial(name));
	}

	/**
	 * Writes a transition, if nobody changed the state since {@code from} was read.
	 * @return whether it was applied
	 */
	Mono<Boolean> transition(MigrationState from, MigrationState to, String historyLine) {
		BoundStatementBuilder statement;
		if (from.revision() == 0) {
			statement = this.insertState.boundStatementBuilder()
				.setString("phase", to.phase().name())
				.setInstant("phase_since", to.phaseSince())
				.setInstant("dual_write_since", to.dualWriteSince())
				.setList("token_boundaries", to.tokenBoundaries(), Long.class)
				.setInt("backfill_run", to.backfillRun())
				.setBoolean("backfill_done", to.backfillDone())
				.setInt("verify_run", to.verifyRun())
				.setString("verify_result", to.verifyResult());
		}
		else {
			statement = this.updateState.boundStatementBuilder()
				.setString("phase", to.phase().name())
				.setInstant("phase_since", to.phaseSince())
				.setInt("expected_revision", from.revision());
			if (!Objects.equals(from.dualWriteSince(), to.dualWriteSince())) {
				statement.setInstant("dual_write_since", to.dualWriteSince());
			}
			if (!from.tokenBoundaries().equals(to.tokenBoundaries())) {
				statement.setList("token_boundaries", to.tokenBoundaries(), Long.class);
			}
			if (from.backfillRun() != to.backfillRun() || from.backfillDone() != to.backfillDone()) {
				statement.setInt("backfill_run", to.backfillRun()).setBoolean("backfill_done", to.backfillDone());
			}
			if (from.verifyRun() != to.verifyRun() || !Objects.equals(from.verifyResult(), to.verifyResult())) {
				statement.setInt("verify_run", to.verifyRun()).setString("verify_result", to.verifyResult());
			}
		}
		statement.setString("name", to.name())
			.setInt("revision", to.revision())
			.setList("history", List.of(historyLine), String.class);
		return applied(statement.build());
	}

	/**
	 * Records a job's outcome, if the state is still the one the job started from and the
	 * job still holds its lease; releases the lease.
	 */
	Mono<Boolean> finishJob(MigrationState from, String worker, boolean backfillDone, String verifyResult,
			String historyLine) {
		BoundStatementBuilder statement = this.finishJob.boundStatementBuilder()
			.setString("name", from.name())
			.setInt("revision", from.revision() + 1)
			.setBoolean("backfill_done", backfillDone)
			.setList("history", List.of(historyLine), String.class)
			.setInt("expected_revision", from.revision())
			.setString("worker", worker);
		if (verifyResult != null) {
			statement.setString("verify_result", verifyResult);
		}
		return applied(statement.build());
	}

	Mono<Boolean> takeLease(MigrationState state, String worker, Duration ttl) {
		return applied(this.takeLease.boundStatementBuilder()
			.setInt("ttl", (int) ttl.toSeconds())
			.setString("worker", worker)
			.setString("name", state.name())
			.setInt("expected_revision", state.revision())
			.build());
	}

	Mono<Boolean> renewLease(MigrationState state, String worker, Duration ttl) {
		return applied(this.renewLease.boundStatementBuilder()
			.setInt("ttl", (int) ttl.toSeconds())
			.setString("worker", worker)
			.setString("name", state.name())
			.setInt("expected_revision", state.revision())
			.build());
	}

	Mono<Boolean> releaseLease(String name, String worker) {
		return applied(
				this.releaseLease.boundStatementBuilder().setString("name", name).setString("worker", worker).build());
	}

	Mono<Void> saveCheckpoint(String name, String job, RangeCheckpoint checkpoint) {
		Statement<?> insert = this.insertCheckpoint
			.bind(name, job, checkpoint.scannedTable(), checkpoint.slice().fromExclusive(),
					checkpoint.slice().toInclusive(), checkpoint.rows(), checkpoint.missing(), checkpoint.different(),
					checkpoint.extra(), checkpoint.resolvedOnRecheck(), checkpoint.samples(), checkpoint.startedAt(),
					checkpoint.finishedAt())
			.setConsistencyLevel(ConsistencyLevel.QUORUM)
			.setIdempotent(true);
		return Flux.from(this.executor.execute(insert)).then();
	}

	Flux<RangeCheckpoint> checkpoints(String name, String job) {
		return Flux.from(this.executor.execute(read(this.selectCheckpoints.bind(name, job))))
			.map((row) -> new RangeCheckpoint(row.getString("scanned_table"),
					new TokenSlice(row.getLong("range_start"), row.getLong("range_end")), row.getLong("rows_scanned"),
					row.getLong("missing"), row.getLong("different"), row.getLong("extra"),
					row.getLong("resolved_on_recheck"), row.getList("samples", String.class),
					row.getInstant("started_at"), row.getInstant("finished_at")));
	}

	private Mono<Boolean> applied(Statement<?> lwt) {
		Statement<?> statement = lwt.setSerialConsistencyLevel(ConsistencyLevel.SERIAL)
			.setConsistencyLevel(ConsistencyLevel.QUORUM);
		// Not idempotent: when a retried LWT reports "not applied", its own
		// first attempt may be what applied.
		return Mono.from(this.executor.execute(statement)).map((row) -> row.getBoolean("[applied]"));
	}

	private static Statement<?> read(Statement<?> statement) {
		return statement.setConsistencyLevel(ConsistencyLevel.QUORUM);
	}

	private static MigrationState state(Row row) {
		return new MigrationState(row.getString("name"), row.getInt("revision"),
				MigrationPhase.valueOf(row.getString("phase")), row.getInstant("phase_since"),
				row.getInstant("dual_write_since"), row.getList("token_boundaries", Long.class),
				row.getInt("backfill_run"), row.getBoolean("backfill_done"), row.getInt("verify_run"),
				row.getString("verify_result"), row.getString("worker"), row.getList("history", String.class));
	}

	/**
	 * The phase an instance routes on, with the revision it was read at.
	 */
	record PhaseRead(MigrationPhase phase, int revision) {

	}

}
