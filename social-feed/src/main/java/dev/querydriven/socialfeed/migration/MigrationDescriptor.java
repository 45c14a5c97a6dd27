package dev.querydriven.socialfeed.migration;

import java.time.Instant;
import java.util.List;

import dev.querydriven.tablemigration.MigrationPhase;

/**
 * A table migration as an admin sees it: what the {@code migrations} actuator endpoint
 * answers (a descriptor, in actuator's words, as its own endpoints' answers are named),
 * the same shape as every service's. Here each migration is a backfill: the request path
 * writes both tables in every phase, and the migrated query reads the new one.
 *
 * @param name the migration
 * @param oldTable the table copied from (a source of truth, which stays)
 * @param newTable the table filled
 * @param phase the current phase
 * @param writesTo the tables writes go to in this phase (both, in every phase)
 * @param readsFrom the table the migrated query reads (the new one, in every phase)
 * @param phaseSince when the phase was entered ({@code null} before the first advance)
 * @param revision bumped by every change of the migration's state
 * @param next the phase an advance leads to ({@code null} at the end)
 * @param blocker why an advance is refused right now ({@code null} when it is allowed)
 * @param previous the phase a rollback leads to ({@code null} where going back is unsafe)
 * @param worker the instance running the current job, if any
 * @param backfill the current backfill run's progress, if one started
 * @param verify the current verify run's report, if one started
 * @param history one line per change, oldest first
 */
record MigrationDescriptor(String name, String oldTable, String newTable, MigrationPhase phase, List<String> writesTo,
		String readsFrom, Instant phaseSince, int revision, MigrationPhase next, String blocker,
		MigrationPhase previous, String worker, Backfill backfill, Verify verify, List<String> history) {

	/**
	 * A backfill run's progress.
	 *
	 * @param run the run
	 * @param rangesDone token ranges copied
	 * @param rangesTotal token ranges planned
	 * @param percentDone share of token ranges copied, 0 to 100
	 * @param rowsCopied rows copied so far
	 * @param rowsPerSecond rows copied per second of the run's wall time
	 * @param complete whether every range is copied
	 */
	record Backfill(int run, int rangesDone, int rangesTotal, double percentDone, long rowsCopied, double rowsPerSecond,
			boolean complete) {

	}

	/**
	 * A verify run's report.
	 *
	 * @param run the run
	 * @param rangesDone token ranges checked, over both tables
	 * @param rangesTotal token ranges planned, over both tables
	 * @param oldRowsChecked rows of the old table checked
	 * @param newRowsChecked rows of the new table checked
	 * @param missingInNew old rows without a copy
	 * @param differentInNew old rows whose copy differs
	 * @param extraInNew new rows without an original
	 * @param resolvedOnRecheck mismatches gone on re-check (dual writes in flight)
	 * @param samples a few mismatches
	 * @param complete whether every range is checked
	 * @param clean whether it is complete without mismatches: the cut-over's precondition
	 */
	record Verify(int run, int rangesDone, int rangesTotal, long oldRowsChecked, long newRowsChecked, long missingInNew,
			long differentInNew, long extraInNew, long resolvedOnRecheck, List<String> samples, boolean complete,
			boolean clean) {

	}

}
