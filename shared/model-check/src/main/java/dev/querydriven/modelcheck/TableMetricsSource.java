package dev.querydriven.modelcheck;

import java.util.Optional;

/**
 * Where the measured-reality check gets the node's own figures: a flush, then per-table
 * partition statistics. The node computes them from its SSTables, so only flushed data
 * counts.
 */
public interface TableMetricsSource {

	/**
	 * Writes every memtable of the keyspace to SSTables.
	 * @param keyspace the keyspace
	 */
	void flush(String keyspace);

	/**
	 * Reads a table's partition statistics.
	 * @param keyspace the keyspace
	 * @param table the table
	 * @return the figures, or empty when the node has none for the table
	 */
	Optional<NodeTableMetrics> read(String keyspace, String table);

	/**
	 * What the node reports about a table's partitions.
	 *
	 * @param estimatedPartitions the node's estimate of the partition count
	 * @param maxPartitionBytes the largest partition (upper bound of its histogram
	 * bucket)
	 * @param meanPartitionBytes the mean partition size
	 */
	record NodeTableMetrics(long estimatedPartitions, long maxPartitionBytes, long meanPartitionBytes) {

	}

}
