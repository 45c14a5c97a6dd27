package dev.querydriven.tablemigration;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class VerifyReportTests {

	private static final Instant START = Instant.parse("2026-05-01T12:00:00Z");

	/**
	 * The report sums every range of both passes and keeps only the first samples; it is
	 * clean only once recorded and without a mismatch.
	 */
	@Test
	void reportSumsRangesOfBothPassesAndBoundsTheSamples() {
		List<RangeCheckpoint> checkpoints = List.of(
				checkpoint(RangeCheckpoint.OLD, 0, 100, 1, 0, 0, List.of("missing a")),
				checkpoint(RangeCheckpoint.OLD, 1, 50, 0, 2, 0, List.of("different b", "different c")),
				checkpoint(RangeCheckpoint.NEW, 0, 149, 0, 0, 1, List.of("extra d")));
		VerifyReport report = RangeScanJob.verifyReport(3, checkpoints, 4, true, 3);
		assertThat(report.oldRowsChecked()).isEqualTo(150);
		assertThat(report.newRowsChecked()).isEqualTo(149);
		assertThat(report.missingInNew()).isEqualTo(1);
		assertThat(report.differentInNew()).isEqualTo(2);
		assertThat(report.extraInNew()).isEqualTo(1);
		assertThat(report.mismatches()).isEqualTo(4);
		assertThat(report.samples()).containsExactly("missing a", "different b", "different c");
		assertThat(report.rangesDone()).isEqualTo(3);
		assertThat(report.clean()).isFalse();

		List<RangeCheckpoint> matching = List.of(checkpoint(RangeCheckpoint.OLD, 0, 10, 0, 0, 0, List.of()),
				checkpoint(RangeCheckpoint.NEW, 0, 10, 0, 0, 0, List.of()));
		assertThat(RangeScanJob.verifyReport(1, matching, 2, false, 3).clean()).as("still running").isFalse();
		assertThat(RangeScanJob.verifyReport(1, matching, 2, true, 3).clean()).isTrue();
	}

	/** A run's rate is its rows over the wall time from its first range to its last. */
	@Test
	void rateSpansFirstRangeStartToLastRangeEnd() {
		List<RangeCheckpoint> checkpoints = List.of(checkpoint(RangeCheckpoint.OLD, 0, 3_000, 0, 0, 0, List.of()),
				checkpoint(RangeCheckpoint.OLD, 1, 3_000, 0, 0, 0, List.of()));
		assertThat(RangeScanJob.wallTime(checkpoints)).hasSeconds(2);
		assertThat(RangeScanJob.rate(6_000, RangeScanJob.wallTime(checkpoints))).isEqualTo(3_000);
	}

	private static RangeCheckpoint checkpoint(String table, int index, long rows, long missing, long different,
			long extra, List<String> samples) {
		return new RangeCheckpoint(table, new TokenSlice(index * 100L, index * 100L + 100), rows, missing, different,
				extra, 0, samples, START.plusSeconds(index), START.plusSeconds(index + 1));
	}

}
