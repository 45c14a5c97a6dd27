package dev.querydriven.modelcheck;

/**
 * The size of one partition, by the method of Artem Chebotko's data-modeling methodology
 * (the one the reference guide's checklist asks for): values (cells) per partition
 * {@code Nv = Nr × (Nc − Npk − Ns) + Ns}, and bytes
 * {@code sizeOf(partition key) + sizeOf(static columns) + Nr × sizeOf(row values) + 8 × Nv},
 * the last term being each cell's write timestamp.
 *
 * @param rows {@code Nr}, rows in one partition (per bucket, or over its lifetime), or
 * {@link #UNBOUNDED}
 * @param columns {@code Nc}, the table's columns
 * @param partitionKeyColumns {@code Npk}
 * @param staticColumns {@code Ns}
 * @param values {@code Nv}, or {@link #UNBOUNDED}
 * @param partitionKeyBytes the partition key's values, stored once per partition
 * @param staticBytes the static columns' values, stored once per partition
 * @param rowBytes the values of one row (clustering and regular columns)
 * @param rowBytesDeclared whether {@code rowBytes} comes from the sizing facts (rather
 * than from the column types and assumed averages)
 * @param bytes the partition's size, or {@link #UNBOUNDED}
 */
public record PartitionEstimate(long rows, int columns, int partitionKeyColumns, int staticColumns, long values,
		long partitionKeyBytes, long staticBytes, long rowBytes, boolean rowBytesDeclared, long bytes) {

	/** Rows, values or bytes when nothing bounds the partition. */
	public static final long UNBOUNDED = -1;

	/** Bytes of metadata per cell: its write timestamp. */
	public static final long CELL_METADATA_BYTES = 8;

	/** The hard limit: a partition above 100 MB fails the check. */
	public static final long FAIL_BYTES = 100_000_000;

	/** The guide's ideal: a partition above 10 MB gets a warning. */
	public static final long WARN_BYTES = 10_000_000;

	/**
	 * Cassandra's limit on cells in one partition (2 billion): past it, writes fail.
	 */
	public static final long VALUE_LIMIT = 2_000_000_000L;

	/**
	 * Computes the estimate.
	 * @param rows rows per partition, or {@link #UNBOUNDED}
	 * @param columns all columns of the table
	 * @param partitionKeyColumns partition-key columns
	 * @param staticColumns static columns
	 * @param partitionKeyBytes bytes of the partition key's values
	 * @param staticBytes bytes of the static columns' values
	 * @param rowBytes bytes of one row's values
	 * @param rowBytesDeclared whether the row size was declared
	 * @return the estimate
	 */
	public static PartitionEstimate of(long rows, int columns, int partitionKeyColumns, int staticColumns,
			long partitionKeyBytes, long staticBytes, long rowBytes, boolean rowBytesDeclared) {
		long values = values(rows, columns, partitionKeyColumns, staticColumns);
		long bytes = bytes(partitionKeyBytes, staticBytes, rows, rowBytes, values);
		return new PartitionEstimate(rows, columns, partitionKeyColumns, staticColumns, values, partitionKeyBytes,
				staticBytes, rowBytes, rowBytesDeclared, bytes);
	}

	/**
	 * {@code Nv = Nr × (Nc − Npk − Ns) + Ns}: the cells of one partition.
	 * @param rows {@code Nr}, or {@link #UNBOUNDED}
	 * @param columns {@code Nc}
	 * @param partitionKeyColumns {@code Npk}
	 * @param staticColumns {@code Ns}
	 * @return {@code Nv}, {@link #UNBOUNDED} for unbounded rows, {@link Long#MAX_VALUE}
	 * when it overflows
	 */
	public static long values(long rows, int columns, int partitionKeyColumns, int staticColumns) {
		if (rows == UNBOUNDED) {
			return UNBOUNDED;
		}
		if (rows < 0 || partitionKeyColumns < 1 || staticColumns < 0 || columns < partitionKeyColumns + staticColumns) {
			throw new IllegalArgumentException("Inconsistent column counts or rows: Nr=" + rows + ", Nc=" + columns
					+ ", Npk=" + partitionKeyColumns + ", Ns=" + staticColumns);
		}
		return saturatedAdd(saturatedMultiply(rows, columns - partitionKeyColumns - staticColumns), staticColumns);
	}

	/**
	 * The partition's bytes.
	 * @param partitionKeyBytes the partition key's values
	 * @param staticBytes the static columns' values
	 * @param rows {@code Nr}, or {@link #UNBOUNDED}
	 * @param rowBytes one row's values
	 * @param values {@code Nv}
	 * @return the bytes, {@link #UNBOUNDED} for unbounded rows, {@link Long#MAX_VALUE}
	 * when it overflows
	 */
	public static long bytes(long partitionKeyBytes, long staticBytes, long rows, long rowBytes, long values) {
		if (rows == UNBOUNDED) {
			return UNBOUNDED;
		}
		long rowsBytes = saturatedMultiply(rows, rowBytes);
		long metadata = saturatedMultiply(values, CELL_METADATA_BYTES);
		return saturatedAdd(saturatedAdd(partitionKeyBytes + staticBytes, rowsBytes), metadata);
	}

	/**
	 * Whether nothing bounds the partition.
	 * @return {@code true} for unbounded growth
	 */
	public boolean unbounded() {
		return this.rows == UNBOUNDED;
	}

	/**
	 * The bytes one more row adds: its values and its cells' timestamps.
	 * @return bytes per row
	 */
	public long bytesPerRow() {
		return this.rowBytes + CELL_METADATA_BYTES * (this.columns - this.partitionKeyColumns - this.staticColumns);
	}

	private static long saturatedMultiply(long a, long b) {
		long high = Math.multiplyHigh(a, b);
		long low = a * b;
		if ((high == 0 && low >= 0) || (high == -1 && low < 0)) {
			return low;
		}
		return Long.MAX_VALUE;
	}

	private static long saturatedAdd(long a, long b) {
		long sum = a + b;
		return (((a ^ sum) & (b ^ sum)) < 0) ? Long.MAX_VALUE : sum;
	}

}
