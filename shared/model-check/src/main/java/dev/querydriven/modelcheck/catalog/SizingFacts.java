package dev.querydriven.modelcheck.catalog;

/**
 * What a modeler writes down about a table's partitions before creating it.
 *
 * @param distinctPartitionKeys how many partition-key values exist (users, sensors ×
 * buckets, ...)
 * @param rowsPerPartition rows in one partition: per bucket for a bucketed table, over
 * the whole lifetime for an unbucketed one; {@link #UNBOUNDED} when nothing bounds it
 * @param averageRowBytes the average size of a row's values, in bytes
 * @param writesPerSecondPerPartition the peak rate of writes into one partition
 * @param note where the numbers come from (assumptions, limits enforced in code)
 * @param hottestKeyShare the share (0–1) of the table's rows and writes that its most
 * common partition-key value receives, e.g. {@code 0.3} for a country table whose largest
 * country holds 30% of the users; {@code 0} when keys share the load evenly
 * @param deletesPerSecondPerPartition the peak rate of row, range or cell deletes (and
 * TTL expiries) inside one partition; {@code 0} when rows are never deleted one by one
 */
public record SizingFacts(long distinctPartitionKeys, long rowsPerPartition, long averageRowBytes,
		double writesPerSecondPerPartition, String note, double hottestKeyShare, double deletesPerSecondPerPartition) {

	/** Rows per partition when nothing bounds the partition's growth. */
	public static final long UNBOUNDED = -1;

	public SizingFacts {
		if (!(hottestKeyShare >= 0 && hottestKeyShare <= 1)) {
			throw new IllegalArgumentException("hottestKeyShare must be between 0 and 1, not " + hottestKeyShare);
		}
		if (!(deletesPerSecondPerPartition >= 0) || Double.isInfinite(deletesPerSecondPerPartition)) {
			throw new IllegalArgumentException(
					"deletesPerSecondPerPartition must be a finite number >= 0, not " + deletesPerSecondPerPartition);
		}
	}

	/**
	 * Facts for partition keys that share the load evenly and rows that are never deleted
	 * one by one.
	 * @param distinctPartitionKeys how many partition-key values exist
	 * @param rowsPerPartition rows in one partition (per bucket, or over its lifetime),
	 * or {@link #UNBOUNDED}
	 * @param averageRowBytes the average size of a row's values
	 * @param writesPerSecondPerPartition the peak write rate of one partition
	 * @param note where the numbers come from
	 */
	public SizingFacts(long distinctPartitionKeys, long rowsPerPartition, long averageRowBytes,
			double writesPerSecondPerPartition, String note) {
		this(distinctPartitionKeys, rowsPerPartition, averageRowBytes, writesPerSecondPerPartition, note, 0, 0);
	}

	/**
	 * Facts for a table of single-row partitions.
	 * @param distinctPartitionKeys how many rows (and partitions) exist
	 * @param averageRowBytes the average row size
	 * @param writesPerSecondPerPartition the peak write rate of one row
	 * @param note where the numbers come from
	 * @return the facts
	 */
	public static SizingFacts singleRow(long distinctPartitionKeys, long averageRowBytes,
			double writesPerSecondPerPartition, String note) {
		return new SizingFacts(distinctPartitionKeys, 1, averageRowBytes, writesPerSecondPerPartition, note);
	}

	/**
	 * The same facts with a skewed key distribution: one key value gets this share of the
	 * rows and writes, the others share the rest evenly.
	 * @param share between 0 and 1
	 * @return new facts
	 */
	public SizingFacts withHottestKeyShare(double share) {
		return new SizingFacts(this.distinctPartitionKeys, this.rowsPerPartition, this.averageRowBytes,
				this.writesPerSecondPerPartition, this.note, share, this.deletesPerSecondPerPartition);
	}

	/**
	 * The same facts with rows deleted (or expiring) inside partitions that are read.
	 * @param rate the peak deletes per second in one partition
	 * @return new facts
	 */
	public SizingFacts withDeletesPerSecondPerPartition(double rate) {
		return new SizingFacts(this.distinctPartitionKeys, this.rowsPerPartition, this.averageRowBytes,
				this.writesPerSecondPerPartition, this.note, this.hottestKeyShare, rate);
	}

	/**
	 * Whether the partition's growth is bounded.
	 * @return {@code false} for {@link #UNBOUNDED}
	 */
	public boolean bounded() {
		return this.rowsPerPartition != UNBOUNDED;
	}

}
