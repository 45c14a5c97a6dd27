package dev.querydriven.tablemigration;

import java.time.Instant;
import java.util.List;

/**
 * A migration's row in {@code table_migrations}.
 *
 * @param name the migration
 * @param revision bumped by every change; every change is conditioned on it (0: no row
 * yet)
 * @param phase the phase
 * @param phaseSince when the phase was entered
 * @param dualWriteSince when {@code DUAL_WRITE} was entered from {@code OLD_ONLY}
 * @param tokenBoundaries the token-range plan of the current backfill (and verify), or
 * empty before the first backfill
 * @param backfillRun the current backfill run (0: none yet)
 * @param backfillDone whether that run copied every token range
 * @param verifyRun the current verify run (0: none yet)
 * @param verifyResult {@code CLEAN}, {@code MISMATCHES}, or {@code null} while it runs
 * @param worker the instance holding the current job's lease, or {@code null}
 * @param history one line per change, oldest first
 */
record MigrationState(String name, int revision, MigrationPhase phase, Instant phaseSince, Instant dualWriteSince,
		List<Long> tokenBoundaries, int backfillRun, boolean backfillDone, int verifyRun, String verifyResult,
		String worker, List<String> history) {

	static final String CLEAN = "CLEAN";

	static final String MISMATCHES = "MISMATCHES";

	static MigrationState initial(String name) {
		return new MigrationState(name, 0, MigrationPhase.OLD_ONLY, null, null, List.of(), 0, false, 0, null, null,
				List.of());
	}

	String backfillJob() {
		return "backfill-" + this.backfillRun;
	}

	String verifyJob() {
		return "verify-" + this.verifyRun;
	}

	boolean verifiedClean() {
		return CLEAN.equals(this.verifyResult);
	}

}
