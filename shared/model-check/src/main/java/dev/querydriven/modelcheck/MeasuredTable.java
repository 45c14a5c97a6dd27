package dev.querydriven.modelcheck;

/**
 * A table's measured partitions after data was loaded and flushed, next to the estimate.
 * These figures vary from run to run, so they stay out of the committed report.
 *
 * @param table the table
 * @param estimatedPartitions the node's partition-count estimate
 * @param maxPartitionBytes the node's largest partition
 * @param meanPartitionBytes the node's mean partition
 * @param rows rows counted by a scan, or -1 when the table was too large to count
 * @param partitions partitions counted by the same scan, or -1
 * @param measuredBytesPerRow the mean partition's bytes per row, or -1 when unknown
 * @param estimatedBytesPerRow the estimate's bytes per row (values and cell timestamps),
 * or -1 without an estimate
 */
public record MeasuredTable(String table, long estimatedPartitions, long maxPartitionBytes, long meanPartitionBytes,
		long rows, long partitions, long measuredBytesPerRow, long estimatedBytesPerRow) {

}
