package dev.querydriven.modeling.catalog;

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
 */
public record SizingFacts(long distinctPartitionKeys, long rowsPerPartition, long averageRowBytes,
		double writesPerSecondPerPartition, String note) {

	/** Rows per partition when nothing bounds the partition's growth. */
	public static final long UNBOUNDED = -1;

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
	 * Whether the partition's growth is bounded.
	 * @return {@code false} for {@link #UNBOUNDED}
	 */
	public boolean bounded() {
		return this.rowsPerPartition != UNBOUNDED;
	}

}
