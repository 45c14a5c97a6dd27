package dev.querydriven.modeling.bucket;

import java.util.List;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;
import static org.assertj.core.api.Assertions.within;

/**
 * The article's bucket-sizing method, checked from first principles: rows per partition =
 * writes per second per key × seconds in the longest bucket (a month: 31 × 86,400 =
 * 2,678,400 s; a week 604,800 s; a day 86,400 s; an hour 3,600 s), bytes = rows × row
 * size, and the coarsest bucket under 50,000 rows and 10 MB wins.
 */
class BucketSizeAdvisorTests {

	private static final double SECONDS_IN_31_DAYS = 31 * 86_400;

	/**
	 * A reading a minute fills a 31-day month with 44,640 rows (8.9 MB at 200 B): month
	 * buckets.
	 */
	@Test
	void oneReadingPerMinuteFitsAMonth() {
		BucketAdvice advice = BucketSizeAdvisor.advise(1.0 / 60, 200);

		assertThat(advice.granularity()).isEqualTo(BucketGranularity.MONTH);
		assertThat(advice.rowsPerPartition()).isCloseTo(SECONDS_IN_31_DAYS / 60, within(1e-6))
			.isCloseTo(44_640, within(1e-6));
		assertThat(advice.bytesPerPartition()).isCloseTo(44_640 * 200, within(1e-3));
		assertThat(advice.withinTarget()).isTrue();
		assertThat(advice.explanation()).isEqualTo("At 0.01667 writes/s per key and 200 bytes per row, month buckets "
				+ "hold at most 44,640 rows and 8.9 MB, within the target of 50,000 rows and 10.0 MB. "
				+ "Month is the coarsest bucket offered.");
	}

	/**
	 * The article's servers reporting once a second write 86,400 rows a day, above the
	 * low tens of thousands: hour buckets (3,600 rows), and the explanation says why not
	 * days.
	 */
	@Test
	void oneReadingPerSecondNeedsHours() {
		BucketAdvice advice = BucketSizeAdvisor.advise(1, 100);

		assertThat(advice.granularity()).isEqualTo(BucketGranularity.HOUR);
		assertThat(advice.rowsPerPartition()).isEqualTo(3_600);
		assertThat(advice.bytesPerPartition()).isEqualTo(360_000);
		assertThat(advice.explanation()).isEqualTo("At 1 writes/s per key and 100 bytes per row, hour buckets hold "
				+ "at most 3,600 rows and 360.0 kB, within the target of 50,000 rows and 10.0 MB. "
				+ "Day buckets would hold 86,400 rows and 8.6 MB, above the target of 50,000 rows and 10.0 MB.");
	}

	/**
	 * Large rows make bytes the binding limit: a week of 1 kB readings a minute is 10.08
	 * MB.
	 */
	@Test
	void bytesCanDecideBeforeRows() {
		BucketAdvice advice = BucketSizeAdvisor.advise(1.0 / 60, 1_000);

		assertThat(advice.candidates()).extracting(BucketAdvice.Candidate::fits)
			.containsExactly(false, false, true, true);
		assertThat(advice.candidates().get(1).rowsPerPartition()).isCloseTo(10_080, within(1e-6));
		assertThat(advice.candidates().get(1).bytesPerPartition()).isCloseTo(10_080_000, within(1e-3));
		assertThat(advice.granularity()).isEqualTo(BucketGranularity.DAY);
		assertThat(advice.rowsPerPartition()).isCloseTo(1_440, within(1e-6));
	}

	/**
	 * A 1 kHz sensor writes 3.6 million rows an hour (180 MB at 50 B): nothing fits, so
	 * the advice is the hour, flagged, with the fix spelled out.
	 */
	@Test
	void oneKilohertzSensorNeedsAFinerSubBucket() {
		BucketAdvice advice = BucketSizeAdvisor.advise(1_000, 50);

		assertThat(advice.granularity()).isEqualTo(BucketGranularity.HOUR);
		assertThat(advice.withinTarget()).isFalse();
		assertThat(advice.rowsPerPartition()).isEqualTo(3_600_000);
		assertThat(advice.bytesPerPartition()).isEqualTo(180_000_000);
		assertThat(advice.candidates()).noneMatch(BucketAdvice.Candidate::fits);
		assertThat(advice.explanation()).isEqualTo("At 1000 writes/s per key and 50 bytes per row, even hour buckets "
				+ "hold 3,600,000 rows and 180.0 MB, beyond the hard limit of 100.0 MB: add a finer sub-bucket "
				+ "(e.g. the minute) or a shard number to the partition key.");
	}

	/**
	 * Too many rows but under the hard limit is "above the target", with the same fix.
	 */
	@Test
	void tooManyRowsUnderTheHardLimitIsAboveTheTarget() {
		BucketAdvice advice = BucketSizeAdvisor.advise(20, 100);

		assertThat(advice.withinTarget()).isFalse();
		assertThat(advice.rowsPerPartition()).isEqualTo(72_000);
		assertThat(advice.explanation()).contains("even hour buckets hold 72,000 rows and 7.2 MB, above the target")
			.contains("add a finer sub-bucket");
	}

	/** Every granularity is listed, coarsest first, sized for its longest bucket. */
	@Test
	void candidatesAreSizedForTheLongestBucketCoarsestFirst() {
		BucketAdvice advice = BucketSizeAdvisor.advise(0.5, 10);

		assertThat(advice.candidates()).extracting(BucketAdvice.Candidate::granularity)
			.containsExactly(BucketGranularity.MONTH, BucketGranularity.WEEK, BucketGranularity.DAY,
					BucketGranularity.HOUR);
		assertThat(advice.candidates()).extracting(BucketAdvice.Candidate::rowsPerPartition)
			.containsExactly(1_339_200.0, 302_400.0, 43_200.0, 1_800.0);
		assertThat(advice.granularity()).isEqualTo(BucketGranularity.DAY);
	}

	/**
	 * Tighter targets give finer buckets: at 10,000 rows a week of minutely readings
	 * (10,080) is too many.
	 */
	@Test
	void customTargetsAreHonoured() {
		BucketAdvice advice = BucketSizeAdvisor.advise(1.0 / 60, 200, new BucketTargets(10_000, 1_000_000, 10_000_000));

		assertThat(advice.granularity()).isEqualTo(BucketGranularity.DAY);
		assertThat(advice.explanation()).contains(
				"Week buckets would hold 10,080 rows and 2.0 MB, above the target " + "of 10,000 rows and 1.0 MB.");
	}

	/**
	 * The two-argument form uses the default targets: 50,000 rows, 10 MB, hard limit 100
	 * MB.
	 */
	@Test
	void defaultTargetsFollowTheReferenceTexts() {
		assertThat(BucketTargets.DEFAULT).isEqualTo(new BucketTargets(50_000, 10_000_000, 100_000_000));
		assertThat(BucketSizeAdvisor.advise(3, 120)).isEqualTo(BucketSizeAdvisor.advise(3, 120, BucketTargets.DEFAULT));
	}

	/** A rate must be a positive, finite number of writes per second. */
	@ParameterizedTest
	@ValueSource(doubles = { 0, -1, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY })
	void rejectsRatesThatAreNotPositiveAndFinite(double rate) {
		assertThatIllegalArgumentException().isThrownBy(() -> BucketSizeAdvisor.advise(rate, 100))
			.withMessageContaining("writesPerSecondPerKey");
	}

	/** A row has at least one byte, and the targets are required. */
	@Test
	void rejectsEmptyRowsAndMissingTargets() {
		assertThatIllegalArgumentException().isThrownBy(() -> BucketSizeAdvisor.advise(1, 0))
			.withMessageContaining("averageRowBytes");
		assertThatNullPointerException().isThrownBy(() -> BucketSizeAdvisor.advise(1, 100, null));
	}

	/** Targets are positive and the hard limit is at least the target. */
	@Test
	void rejectsInconsistentTargets() {
		for (List<Long> targets : List.of(List.of(0L, 10L, 100L), List.of(10L, 0L, 100L), List.of(10L, 100L, 99L))) {
			assertThatIllegalArgumentException()
				.isThrownBy(() -> new BucketTargets(targets.get(0), targets.get(1), targets.get(2)));
		}
	}

	/**
	 * The advice is the coarsest bucket that fits, and every coarser one does not (rates
	 * from one write in 11 days to 10,000 a second, spread evenly on a log scale).
	 */
	@Property
	void adviceIsTheCoarsestBucketThatFits(@ForAll @DoubleRange(min = -6, max = 4) double log10Rate,
			@ForAll @LongRange(min = 1, max = 1_000_000) long rowBytes) {
		double rate = Math.pow(10, log10Rate);
		BucketAdvice advice = BucketSizeAdvisor.advise(rate, rowBytes);

		for (BucketAdvice.Candidate candidate : advice.candidates()) {
			double rows = rate * candidate.granularity().maximumLength().toSeconds();
			assertThat(candidate.rowsPerPartition()).isEqualTo(rows);
			assertThat(candidate.bytesPerPartition()).isEqualTo(rows * rowBytes);
			assertThat(candidate.fits()).isEqualTo(rows <= 50_000 && rows * rowBytes <= 10_000_000);
		}
		List<BucketAdvice.Candidate> coarser = advice.candidates()
			.subList(0,
					advice.candidates()
						.indexOf(advice.candidates()
							.stream()
							.filter((c) -> c.granularity() == advice.granularity())
							.findFirst()
							.orElseThrow()));
		assertThat(coarser).noneMatch(BucketAdvice.Candidate::fits);
		assertThat(advice.withinTarget())
			.isEqualTo(advice.candidates().stream().anyMatch(BucketAdvice.Candidate::fits));
		assertThat(advice.withinTarget() || advice.granularity() == BucketGranularity.HOUR).isTrue();
	}

	/** Writing more never makes the advised bucket coarser. */
	@Property
	void moreWritesNeverGiveACoarserBucket(@ForAll @DoubleRange(min = -6, max = 4) double log10Rate,
			@ForAll @DoubleRange(min = 1, max = 100) double factor,
			@ForAll @LongRange(min = 1, max = 100_000) long rowBytes) {
		double rate = Math.pow(10, log10Rate);
		BucketGranularity slower = BucketSizeAdvisor.advise(rate, rowBytes).granularity();
		BucketGranularity faster = BucketSizeAdvisor.advise(rate * factor, rowBytes).granularity();

		assertThat(faster.maximumLength()).isLessThanOrEqualTo(slower.maximumLength());
	}

}
