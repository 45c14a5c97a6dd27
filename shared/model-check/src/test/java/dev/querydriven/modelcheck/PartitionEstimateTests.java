package dev.querydriven.modelcheck;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The partition-size arithmetic: {@code Nv = Nr × (Nc − Npk − Ns) + Ns} cells, and bytes
 * from the key, the static columns, the rows and 8 bytes of timestamp per cell.
 */
class PartitionEstimateTests {

	/**
	 * The guide's {@code sensor_data ((sensor_id, date, hour), reading_time)}: one
	 * reading a second fills an hourly partition with 3,600 rows of 4 values each.
	 */
	@Test
	void guideSensorDataHourlyBucketHoldsFourteenThousandValues() {
		// 7 columns: sensor_id, date, hour (key), reading_time, temperature, humidity,
		// battery_level
		assertThat(PartitionEstimate.values(3_600, 7, 3, 0)).isEqualTo(14_400);
	}

	/** Static columns count once per partition, not once per row. */
	@Test
	void staticColumnsCountOncePerPartition() {
		// 6 columns: 1 key, 2 static, 3 per row (clustering + regular)
		assertThat(PartitionEstimate.values(1_000, 6, 1, 2)).isEqualTo(1_000 * 3 + 2);
	}

	/** Bytes: key and statics once, each row's values, and a timestamp per value. */
	@Test
	void bytesAddKeyStaticsRowsAndCellTimestamps() {
		PartitionEstimate estimate = PartitionEstimate.of(3_600, 7, 3, 0, 68, 0, 28, false);
		assertThat(estimate.bytes()).isEqualTo(68 + 3_600 * 28 + 14_400 * 8);
		assertThat(estimate.bytesPerRow()).isEqualTo(28 + 4 * 8);
		assertThat(estimate.bytes()).isLessThan(PartitionEstimate.WARN_BYTES);
	}

	/** A single-row partition: Nr = 1. */
	@Test
	void singleRowPartitionHoldsItsRegularColumns() {
		PartitionEstimate estimate = PartitionEstimate.of(1, 3, 1, 0, 16, 0, 64, true);
		assertThat(estimate.values()).isEqualTo(2);
		assertThat(estimate.bytes()).isEqualTo(16 + 64 + 2 * 8);
	}

	/** Unbounded growth has no size: the check fails it rather than sizing it. */
	@Test
	void unboundedRowsGiveAnUnboundedEstimate() {
		PartitionEstimate estimate = PartitionEstimate.of(PartitionEstimate.UNBOUNDED, 4, 1, 0, 16, 0, 40, true);
		assertThat(estimate.unbounded()).isTrue();
		assertThat(estimate.values()).isEqualTo(PartitionEstimate.UNBOUNDED);
		assertThat(estimate.bytes()).isEqualTo(PartitionEstimate.UNBOUNDED);
	}

	/** Absurd facts saturate instead of overflowing into negative sizes. */
	@Test
	void hugeFactsSaturateInsteadOfOverflowing() {
		PartitionEstimate estimate = PartitionEstimate.of(Long.MAX_VALUE / 2, 10, 1, 0, 16, 0, 1_000, true);
		assertThat(estimate.values()).isEqualTo(Long.MAX_VALUE);
		assertThat(estimate.bytes()).isEqualTo(Long.MAX_VALUE);
	}

	/** The value limit is of cells: 300 million rows of 8 values exceed 2 billion. */
	@Test
	void valueLimitCountsCellsNotRows() {
		assertThat(PartitionEstimate.values(300_000_000, 9, 1, 0)).isGreaterThan(PartitionEstimate.VALUE_LIMIT);
		assertThat(300_000_000L).isLessThan(PartitionEstimate.VALUE_LIMIT);
	}

	/** Column counts that cannot describe a table are refused. */
	@Test
	void inconsistentColumnCountsAreRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> PartitionEstimate.values(10, 2, 2, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> PartitionEstimate.values(10, 3, 0, 0));
	}

}
