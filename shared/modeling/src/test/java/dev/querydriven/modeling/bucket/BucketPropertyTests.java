package dev.querydriven.modeling.bucket;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Scale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Properties of time buckets for any instant, with generated instants concentrated around
 * the calendar's edges: hour, day and month boundaries, leap days (and the century years
 * without one), year ends and the ISO weeks that straddle them.
 */
class BucketPropertyTests {

	private static final long NANOS_PER_SECOND = 1_000_000_000L;

	/**
	 * Instants in this window leave room for a previous bucket and for ranges of 40
	 * buckets of any size within the years 0001 to 9999 that buckets cover.
	 */
	private static final Instant EARLIEST = Instant.parse("0002-01-01T00:00:00Z");

	private static final Instant LATEST = Instant.parse("9989-12-31T23:59:59.999999999Z");

	/**
	 * An instant falls in its bucket, which starts where its granularity starts buckets.
	 */
	@Property
	void bucketHoldsItsInstant(@ForAll BucketGranularity granularity, @ForAll("instants") Instant instant) {
		Bucket bucket = Bucket.of(granularity, instant);

		assertThat(bucket.contains(instant)).isTrue();
		assertThat(bucket.start()).isBeforeOrEqualTo(instant);
		assertThat(bucket.end()).isAfter(instant);
		assertThat(Bucket.of(granularity, bucket.start())).isEqualTo(bucket);
		assertThat(Bucket.of(granularity, bucket.end().minusNanos(1))).isEqualTo(bucket);
		assertThat(bucket.contains(bucket.end())).isFalse();
		assertThat(bucket.contains(bucket.start().minusNanos(1))).isFalse();

		ZonedDateTime start = bucket.start().atZone(ZoneOffset.UTC);
		ZonedDateTime utc = instant.atZone(ZoneOffset.UTC);
		Duration length = Duration.between(bucket.start(), bucket.end());
		assertThat(start.toLocalTime().getMinute() + start.toLocalTime().getSecond() + start.getNano()).isZero();
		switch (granularity) {
			case HOUR -> {
				assertThat(start.toLocalDate()).isEqualTo(utc.toLocalDate());
				assertThat(start.getHour()).isEqualTo(utc.getHour());
				assertThat(length).isEqualTo(Duration.ofHours(1));
			}
			case DAY -> {
				assertThat(start.toLocalDate()).isEqualTo(utc.toLocalDate());
				assertThat(start.getHour()).isZero();
				assertThat(length).isEqualTo(Duration.ofDays(1));
			}
			case WEEK -> {
				assertThat(start.getDayOfWeek()).isEqualTo(DayOfWeek.MONDAY);
				assertThat(start.getHour()).isZero();
				assertThat(length).isEqualTo(Duration.ofDays(7));
			}
			case MONTH -> {
				assertThat(start.getDayOfMonth()).isEqualTo(1);
				assertThat(start.getHour()).isZero();
				assertThat(start.getYear()).isEqualTo(utc.getYear());
				assertThat(start.getMonth()).isEqualTo(utc.getMonth());
				assertThat(length).isEqualTo(Duration.ofDays(utc.toLocalDate().lengthOfMonth()));
			}
		}
		assertThat(length).isLessThanOrEqualTo(granularity.maximumLength());
	}

	/** next and previous are inverse, and neighbours abut with no gap or overlap. */
	@Property
	void nextAndPreviousAreInverse(@ForAll BucketGranularity granularity, @ForAll("instants") Instant instant) {
		Bucket bucket = Bucket.of(granularity, instant);

		assertThat(bucket.next().previous()).isEqualTo(bucket);
		assertThat(bucket.previous().next()).isEqualTo(bucket);
		assertThat(bucket.next().start()).isEqualTo(bucket.end());
		assertThat(bucket.previous().end()).isEqualTo(bucket.start());
		assertThat(Bucket.of(granularity, bucket.end())).isEqualTo(bucket.next());
		assertThat(Bucket.of(granularity, bucket.start().minusNanos(1))).isEqualTo(bucket.previous());
		assertThat(bucket.step(ReadOrder.OLDEST_FIRST)).isEqualTo(bucket.next()).isGreaterThan(bucket);
		assertThat(bucket.step(ReadOrder.NEWEST_FIRST)).isEqualTo(bucket.previous()).isLessThan(bucket);
	}

	/**
	 * Keys are ASCII, sort like the buckets they name (so a text column orders them), and
	 * parse back to the same bucket.
	 */
	@Property
	void keysSortLikeBucketsAndParseBack(@ForAll BucketGranularity granularity, @ForAll("instants") Instant first,
			@ForAll("instants") Instant second) {
		Bucket a = Bucket.of(granularity, first);
		Bucket b = Bucket.of(granularity, second);

		assertThat(Integer.signum(a.key().compareTo(b.key()))).isEqualTo(Integer.signum(a.compareTo(b)));
		assertThat(a.key().equals(b.key())).isEqualTo(a.equals(b));
		assertThat(a.key()).matches("[0-9W:T-]+");
		assertThat(Bucket.parse(granularity, a.key())).isEqualTo(a);
		assertThat(Bucket.parse(granularity, a.next().key())).isEqualTo(a.next());
	}

	/**
	 * A week key names its ISO week-based year by the year of the week's Thursday (the
	 * ISO rule), and its week number by how many Thursdays that year has had.
	 */
	@Property
	void weekKeysFollowIso8601(@ForAll("instants") Instant instant) {
		Bucket week = Bucket.of(BucketGranularity.WEEK, instant);
		LocalDate thursday = week.date().plusDays(3);

		String expected = String.format(Locale.ROOT, "%04d-W%02d", thursday.getYear(),
				(thursday.getDayOfYear() - 1) / 7 + 1);
		assertThat(week.key()).isEqualTo(expected);
	}

	/** An hour bucket and its composite (date, hour) key convert both ways. */
	@Property
	void hourBucketsRoundTripThroughDateAndHour(@ForAll("instants") Instant instant) {
		Bucket hour = Bucket.of(BucketGranularity.HOUR, instant);

		assertThat(Bucket.ofHour(hour.date(), hour.hour())).isEqualTo(hour);
		assertThat(hour.key()).isEqualTo(hour.date() + "T" + String.format(Locale.ROOT, "%02d", hour.hour()));
	}

	/**
	 * Buckets.between covers [from, to) exactly once: consecutive buckets, the first
	 * holding from, the last holding the range's last instant; newest first is the exact
	 * reverse; and the slices of those buckets tile the range with no gap or overlap.
	 */
	@Property
	void betweenCoversTheRangeExactlyOnce(@ForAll BucketGranularity granularity, @ForAll("instants") Instant from,
			@ForAll @DoubleRange(min = 0, max = 40) @Scale(9) double lengthInBuckets,
			@ForAll @DoubleRange(min = 0, max = 1) @Scale(9) double probe) {
		Instant to = from.plus(fraction(granularity.maximumLength(), lengthInBuckets));
		List<Bucket> oldestFirst = Buckets.between(granularity, from, to, ReadOrder.OLDEST_FIRST);
		List<Bucket> newestFirst = Buckets.between(granularity, from, to, ReadOrder.NEWEST_FIRST);

		assertThat(newestFirst).containsExactlyElementsOf(reversed(oldestFirst));
		if (!from.isBefore(to)) {
			assertThat(oldestFirst).isEmpty();
			return;
		}
		assertThat(oldestFirst.get(0).contains(from)).isTrue();
		assertThat(oldestFirst.get(oldestFirst.size() - 1).contains(to.minusNanos(1))).isTrue();
		for (int i = 1; i < oldestFirst.size(); i++) {
			assertThat(oldestFirst.get(i)).isEqualTo(oldestFirst.get(i - 1).next());
		}
		assertThat(Buckets.walk(oldestFirst.get(0), oldestFirst.get(oldestFirst.size() - 1)))
			.containsExactlyElementsOf(oldestFirst);

		Instant inside = from.plus(fraction(Duration.between(from, to), probe));
		if (inside.isBefore(to)) {
			assertThat(oldestFirst.stream().filter((bucket) -> bucket.contains(inside)).count()).isEqualTo(1);
		}

		List<BucketSlice> slices = oldestFirst.stream().map((bucket) -> BucketSlice.of(bucket, from, to)).toList();
		assertThat(slices.get(0).from()).isEqualTo(from);
		assertThat(slices.get(slices.size() - 1).to()).isEqualTo(to);
		for (int i = 1; i < slices.size(); i++) {
			assertThat(slices.get(i).from()).isEqualTo(slices.get(i - 1).to());
		}
	}

	/**
	 * Instants anywhere in the years 0002 to 9989, mostly within two days of a month's
	 * start (every year end is one, so are March 1st after a leap day and the ISO weeks
	 * around New Year), with the nanosecond either side of the boundary among the edge
	 * cases.
	 */
	@Provide
	Arbitrary<Instant> instants() {
		Arbitrary<Instant> anywhere = Arbitraries.longs()
			.between(EARLIEST.getEpochSecond(), LATEST.getEpochSecond())
			.map(Instant::ofEpochSecond)
			.flatMap((second) -> Arbitraries.longs().between(0, NANOS_PER_SECOND - 1).map(second::plusNanos));
		Arbitrary<Integer> years = Arbitraries.frequencyOf(
				Tuple.of(1, Arbitraries.of(1900, 2000, 2020, 2024, 2025, 2026, 2100, 2400)),
				Tuple.of(1, Arbitraries.integers().between(1970, 2200)),
				Tuple.of(1, Arbitraries.integers().between(3, 9989)));
		Arbitrary<Instant> monthStarts = Combinators.combine(years, Arbitraries.integers().between(1, 12))
			.as((year, month) -> LocalDate.of(year, month, 1).atStartOfDay(ZoneOffset.UTC).toInstant());
		Arbitrary<Long> nearby = Arbitraries.longs()
			.between(-2 * 86_400 * NANOS_PER_SECOND, 2 * 86_400 * NANOS_PER_SECOND);
		Arbitrary<Instant> nearBoundaries = Combinators.combine(monthStarts, nearby).as(Instant::plusNanos);
		return Arbitraries.frequencyOf(Tuple.of(1, anywhere), Tuple.of(3, nearBoundaries));
	}

	private static Duration fraction(Duration duration, double factor) {
		return Duration.ofNanos((long) (duration.toNanos() * factor));
	}

	private static <T> List<T> reversed(List<T> list) {
		List<T> copy = new ArrayList<>(list);
		Collections.reverse(copy);
		return copy;
	}

}
