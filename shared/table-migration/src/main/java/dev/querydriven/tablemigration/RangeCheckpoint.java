package dev.querydriven.tablemigration;

import java.time.Instant;
import java.util.List;

/**
 * A token range a job finished: a row of {@code table_migration_ranges}.
 *
 * @param scannedTable {@link #OLD} or {@link #NEW}: which shape the range was scanned in
 * @param slice the token range
 * @param rows the rows scanned (and, for a backfill, copied)
 * @param missing old rows without a counterpart in the new table (verify)
 * @param different old rows whose counterpart differs (verify)
 * @param extra new rows without a counterpart in the old table (verify)
 * @param resolvedOnRecheck mismatches gone when re-checked: writes that were in flight
 * (verify)
 * @param samples descriptions of the first mismatches
 * @param startedAt when the range's scan started
 * @param finishedAt when it finished
 */
record RangeCheckpoint(String scannedTable, TokenSlice slice, long rows, long missing, long different, long extra,
		long resolvedOnRecheck, List<String> samples, Instant startedAt, Instant finishedAt) {

	static final String OLD = "old";

	static final String NEW = "new";

	long mismatches() {
		return this.missing + this.different + this.extra;
	}

}
