package dev.querydriven.tablemigration;

/**
 * The progress of a backfill run, summed from its token-range checkpoints.
 *
 * @param run the run (a rollback to {@code BACKFILL} starts a new one)
 * @param rangesDone token ranges copied
 * @param rangesTotal token ranges planned
 * @param rowsCopied rows copied so far
 * @param rowsPerSecond rows copied per second of the run's wall time so far
 * @param complete whether every range is copied and the run recorded as done
 */
public record BackfillReport(int run, int rangesDone, int rangesTotal, long rowsCopied, double rowsPerSecond,
		boolean complete) {

	/**
	 * The share of token ranges done.
	 * @return 0 to 100
	 */
	public double percentDone() {
		return (this.rangesTotal == 0) ? 0 : 100.0 * this.rangesDone / this.rangesTotal;
	}

}
