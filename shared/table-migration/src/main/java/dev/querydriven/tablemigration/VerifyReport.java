package dev.querydriven.tablemigration;

import java.util.List;

/**
 * The outcome of a verify run, summed from its token-range checkpoints: both tables are
 * scanned, the old one to find each row's counterpart in the new one (missing or
 * different), the new one to find rows the old one lacks (extra). A mismatch counts only
 * if it is still there when re-checked a moment later.
 *
 * @param run the run (each entry into {@code VERIFY} starts a new one)
 * @param rangesDone token ranges checked, over both tables
 * @param rangesTotal token ranges planned, over both tables
 * @param oldRowsChecked rows of the old table checked
 * @param newRowsChecked rows of the new table checked
 * @param missingInNew old rows without a counterpart in the new table
 * @param differentInNew old rows whose counterpart differs
 * @param extraInNew new rows without a counterpart in the old table
 * @param resolvedOnRecheck mismatches gone on re-check (writes that were in flight)
 * @param samples descriptions of a few mismatches
 * @param complete whether every range is checked and the result recorded
 * @param clean whether the run is complete and found no mismatch: the cut-over's
 * precondition
 */
public record VerifyReport(int run, int rangesDone, int rangesTotal, long oldRowsChecked, long newRowsChecked,
		long missingInNew, long differentInNew, long extraInNew, long resolvedOnRecheck, List<String> samples,
		boolean complete, boolean clean) {

	/**
	 * All mismatches found.
	 * @return missing, different and extra rows
	 */
	public long mismatches() {
		return this.missingInNew + this.differentInNew + this.extraInNew;
	}

}
