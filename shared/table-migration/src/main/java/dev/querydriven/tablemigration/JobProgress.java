package dev.querydriven.tablemigration;

/**
 * Emitted by a running backfill or verify job each time it checkpoints a token range.
 *
 * @param migration the migration
 * @param job the job run, e.g. {@code backfill-1} or {@code verify-2}
 * @param scannedTable the table whose range was scanned
 * @param rangeStart the range's first token, exclusive
 * @param rangeEnd the range's last token, inclusive
 * @param rangeRows the rows the range held
 * @param rangesDone ranges done by this run, including those checkpointed before a
 * restart
 * @param rangesTotal ranges planned for this run
 * @param rows rows scanned by this run, including those before a restart
 * @param rowsPerSecond rows per second on this instance since it took the job
 */
public record JobProgress(String migration, String job, String scannedTable, long rangeStart, long rangeEnd,
		long rangeRows, int rangesDone, int rangesTotal, long rows, double rowsPerSecond) {

	/**
	 * The share of ranges done.
	 * @return 0 to 100
	 */
	public double percentDone() {
		return 100.0 * this.rangesDone / this.rangesTotal;
	}

}
