package dev.querydriven.modeling.bucket;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Worked examples of time buckets at the edges of the calendar: month ends, leap days,
 * year ends and ISO weeks. {@link BucketPropertyTests} checks the same rules for any
 * instant.
 */
class BucketTests {

	private static Bucket bucket(BucketGranularity granularity, String instant) {
		return Bucket.of(granularity, Instant.parse(instant));
	}

	/** Each granularity writes the key documented for its text partition-key column. */
	@Test
	void keysNameTheBucketInUtc() {
		String instant = "2026-05-03T14:35:07.123Z";
		assertThat(bucket(BucketGranularity.HOUR, instant).key()).isEqualTo("2026-05-03T14");
		assertThat(bucket(BucketGranularity.DAY, instant).key()).isEqualTo("2026-05-03");
		assertThat(bucket(BucketGranularity.WEEK, instant).key()).isEqualTo("2026-W18");
		assertThat(bucket(BucketGranularity.MONTH, instant).key()).isEqualTo("2026-05");
		assertThat(bucket(BucketGranularity.WEEK, instant).start()).isEqualTo(Instant.parse("2026-04-27T00:00:00Z"));
	}

	/**
	 * The guide's sensor_data ((sensor_id, date, hour), ...) key comes from an hour
	 * bucket and back.
	 */
	@Test
	void hourBucketGivesTheCompositeDateAndHourKey() {
		Bucket hour = bucket(BucketGranularity.HOUR, "2024-01-15T14:59:59.999Z");

		assertThat(hour.date()).isEqualTo(LocalDate.of(2024, 1, 15));
		assertThat(hour.hour()).isEqualTo(14);
		assertThat(Bucket.ofHour(LocalDate.of(2024, 1, 15), 14)).isEqualTo(hour);
		assertThatIllegalArgumentException().isThrownBy(() -> Bucket.ofHour(LocalDate.of(2024, 1, 15), 24));
		assertThatIllegalArgumentException().isThrownBy(() -> Bucket.ofHour(LocalDate.of(2024, 1, 15), -1));
	}

	/**
	 * The last nanosecond of a leap day is still in February, and the next day is March
	 * 1st.
	 */
	@Test
	void leapDayEndsFebruary() {
		Bucket leapDay = bucket(BucketGranularity.DAY, "2024-02-29T23:59:59.999999999Z");
		Bucket february = bucket(BucketGranularity.MONTH, "2024-02-29T23:59:59.999999999Z");

		assertThat(leapDay.key()).isEqualTo("2024-02-29");
		assertThat(leapDay.next().key()).isEqualTo("2024-03-01");
		assertThat(february.key()).isEqualTo("2024-02");
		assertThat(february.end()).isEqualTo(Instant.parse("2024-03-01T00:00:00Z"));
		assertThat(Duration.between(february.start(), february.end())).isEqualTo(Duration.ofDays(29));
		assertThat(Bucket.parse(BucketGranularity.DAY, "2000-02-29").start())
			.isEqualTo(Instant.parse("2000-02-29T00:00:00Z"));
	}

	/**
	 * 2100 and 1900 are not leap years (divisible by 100, not by 400): February has 28
	 * days.
	 */
	@Test
	void centuryYearsWithoutLeapDay() {
		for (int year : new int[] { 1900, 2100 }) {
			Bucket february = Bucket.parse(BucketGranularity.MONTH, year + "-02");
			assertThat(Duration.between(february.start(), february.end())).isEqualTo(Duration.ofDays(28));
			assertThat(Bucket.parse(BucketGranularity.DAY, year + "-02-28").next().key()).isEqualTo(year + "-03-01");
			assertThatIllegalArgumentException().isThrownBy(() -> Bucket.parse(BucketGranularity.DAY, year + "-02-29"));
		}
	}

	/** Every bucket kind rolls over into the next year at midnight UTC on January 1st. */
	@Test
	void yearEndRollsEveryGranularityOver() {
		String lastNanosecond = "2024-12-31T23:59:59.999999999Z";
		assertThat(bucket(BucketGranularity.HOUR, lastNanosecond).next().key()).isEqualTo("2025-01-01T00");
		assertThat(bucket(BucketGranularity.DAY, lastNanosecond).next().key()).isEqualTo("2025-01-01");
		assertThat(bucket(BucketGranularity.MONTH, lastNanosecond).next().key()).isEqualTo("2025-01");
		assertThat(bucket(BucketGranularity.MONTH, "2025-01-01T00:00:00Z").previous().key()).isEqualTo("2024-12");
	}

	/**
	 * A week belongs to the week-based year holding its Thursday, which differs from the
	 * calendar year around New Year: some years have a week 53.
	 */
	@ParameterizedTest(name = "{0} is in {1}")
	@CsvSource({ "2020-12-31, 2020-W53, 2020-12-28", "2021-01-03, 2020-W53, 2020-12-28",
			"2021-01-04, 2021-W01, 2021-01-04", "2024-12-30, 2025-W01, 2024-12-30", "2024-12-29, 2024-W52, 2024-12-23",
			"2026-12-31, 2026-W53, 2026-12-28", "2027-01-01, 2026-W53, 2026-12-28", "2008-12-29, 2009-W01, 2008-12-29",
			"2010-01-03, 2009-W53, 2009-12-28" })
	void isoWeeksUseTheWeekBasedYear(LocalDate date, String key, LocalDate monday) {
		Bucket week = Bucket.of(BucketGranularity.WEEK, date.atTime(12, 0).toInstant(java.time.ZoneOffset.UTC));

		assertThat(week.key()).isEqualTo(key);
		assertThat(week.date()).isEqualTo(monday);
		assertThat(Bucket.parse(BucketGranularity.WEEK, key)).isEqualTo(week);
	}

	/** Week 53 exists only in long ISO years: 2020 and 2026 have one, 2025 does not. */
	@Test
	void week53OnlyInLongIsoYears() {
		assertThat(Bucket.parse(BucketGranularity.WEEK, "2020-W53").next().key()).isEqualTo("2021-W01");
		assertThat(Bucket.parse(BucketGranularity.WEEK, "2025-W52").next().key()).isEqualTo("2026-W01");
		assertThatIllegalArgumentException().isThrownBy(() -> Bucket.parse(BucketGranularity.WEEK, "2025-W53"))
			.withMessageContaining("2025-W53");
	}

	/** Only the exact key a bucket writes parses back: no lenient or foreign forms. */
	@ParameterizedTest(name = "{0} rejects \"{1}\"")
	@CsvSource({ "MONTH, 2026-5", "MONTH, 2026-13", "MONTH, 2026-05-01", "MONTH, 26-05", "MONTH, +2026-05",
			"DAY, 2026-05-3", "DAY, 2026-02-30", "DAY, 2026-05", "HOUR, 2026-05-03T24", "HOUR, 2026-05-03T7",
			"HOUR, 2026-05-03T14:30", "HOUR, 2026-05-03", "WEEK, 2026-W5", "WEEK, 2026-W00", "WEEK, 2026-W54",
			"WEEK, 2026W18", "WEEK, 2026-w18", "WEEK, -026-W01", "WEEK, 0000-W52", "MONTH, ''", "DAY, not-a-date" })
	void parseRejectsMalformedKeys(BucketGranularity granularity, String key) {
		assertThatIllegalArgumentException().isThrownBy(() -> Bucket.parse(granularity, key))
			.withMessageContaining("Not a " + granularity + " bucket key");
	}

	/** A null key is a bad key, not a crash. */
	@Test
	void parseRejectsNull() {
		assertThatIllegalArgumentException().isThrownBy(() -> Bucket.parse(BucketGranularity.DAY, null));
	}

	/**
	 * A bucket must start where its granularity starts one, and between years 0001 and
	 * 9999.
	 */
	@Test
	void constructorRejectsUnalignedStartsAndYearsBeyondFourDigits() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new Bucket(BucketGranularity.WEEK, Instant.parse("2026-05-03T00:00:00Z")))
			.withMessageContaining("does not start a WEEK bucket");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new Bucket(BucketGranularity.HOUR, Instant.parse("2026-05-03T14:00:00.001Z")));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Bucket.of(BucketGranularity.DAY, Instant.parse("0000-12-31T23:59:59Z")));
		assertThatIllegalArgumentException().isThrownBy(() -> Bucket.parse(BucketGranularity.MONTH, "9999-12").next());
		assertThat(Bucket.of(BucketGranularity.WEEK, Instant.parse("0001-01-01T00:00:00Z")).key())
			.isEqualTo("0001-W01");
		assertThat(Bucket.of(BucketGranularity.WEEK, Instant.parse("9999-12-31T23:59:59Z")).key())
			.isEqualTo("9999-W52");
	}

	/** Buckets of different sizes have no order. */
	@Test
	void bucketsOfDifferentGranularitiesDoNotCompare() {
		Bucket day = bucket(BucketGranularity.DAY, "2026-05-03T00:00:00Z");
		Bucket month = bucket(BucketGranularity.MONTH, "2026-05-03T00:00:00Z");

		assertThat(day).isNotEqualTo(month);
		assertThatIllegalArgumentException().isThrownBy(() -> day.compareTo(month));
	}

	/**
	 * Keys and bucket edges ignore the JVM's time zone and locale: a server in a
	 * daylight-saving zone with Thai digits writes the same partitions as one in UTC.
	 */
	@Test
	void bucketsIgnoreTheDefaultTimeZoneAndLocale() {
		TimeZone zone = TimeZone.getDefault();
		Locale locale = Locale.getDefault();
		try {
			TimeZone.setDefault(TimeZone.getTimeZone("Europe/Berlin"));
			Locale.setDefault(Locale.forLanguageTag("th-TH-u-nu-thai"));
			String instant = "2024-03-31T01:30:00Z";

			assertThat(bucket(BucketGranularity.HOUR, instant).key()).isEqualTo("2024-03-31T01");
			assertThat(bucket(BucketGranularity.WEEK, instant).key()).isEqualTo("2024-W13");
			assertThat(bucket(BucketGranularity.MONTH, instant).key()).isEqualTo("2024-03");
			// Berlin skips an hour that night; UTC days always have 24 hours.
			assertThat(Buckets.between(BucketGranularity.HOUR, Instant.parse("2024-03-31T00:00:00Z"),
					Instant.parse("2024-04-01T00:00:00Z"), ReadOrder.OLDEST_FIRST))
				.hasSize(24);
		}
		finally {
			TimeZone.setDefault(zone);
			Locale.setDefault(locale);
		}
	}

	/** A range across a month end spans both months' days, in either order. */
	@Test
	void betweenSpansAMonthEndInBothOrders() {
		Instant from = Instant.parse("2024-02-28T18:00:00Z");
		Instant to = Instant.parse("2024-03-01T06:00:00Z");

		assertThat(Buckets.between(BucketGranularity.DAY, from, to, ReadOrder.OLDEST_FIRST)).extracting(Bucket::key)
			.containsExactly("2024-02-28", "2024-02-29", "2024-03-01");
		assertThat(Buckets.between(BucketGranularity.DAY, from, to, ReadOrder.NEWEST_FIRST)).extracting(Bucket::key)
			.containsExactly("2024-03-01", "2024-02-29", "2024-02-28");
		assertThat(Buckets.between(BucketGranularity.MONTH, from, to, ReadOrder.NEWEST_FIRST)).extracting(Bucket::key)
			.containsExactly("2024-03", "2024-02");
	}

	/**
	 * An empty or inverted range spans no bucket; an end at a bucket's start excludes it.
	 */
	@Test
	void betweenExcludesTheEnd() {
		Instant march = Instant.parse("2024-03-01T00:00:00Z");

		assertThat(Buckets.between(BucketGranularity.DAY, march, march, ReadOrder.OLDEST_FIRST)).isEmpty();
		assertThat(Buckets.between(BucketGranularity.DAY, march.plusSeconds(1), march, ReadOrder.OLDEST_FIRST))
			.isEmpty();
		assertThat(Buckets.between(BucketGranularity.MONTH, Instant.parse("2024-02-10T00:00:00Z"), march,
				ReadOrder.OLDEST_FIRST))
			.extracting(Bucket::key)
			.containsExactly("2024-02");
	}

	/**
	 * walk(first, last) lists both ends and everything between, in the direction given.
	 */
	@Test
	void walkGoesFromFirstToLast() {
		Bucket december = Bucket.parse(BucketGranularity.MONTH, "2024-12");
		Bucket february = Bucket.parse(BucketGranularity.MONTH, "2025-02");

		assertThat(Buckets.walk(december, february)).extracting(Bucket::key)
			.containsExactly("2024-12", "2025-01", "2025-02");
		assertThat(Buckets.walk(february, december)).extracting(Bucket::key)
			.containsExactly("2025-02", "2025-01", "2024-12");
		assertThat(Buckets.walk(december, december)).containsExactly(december);
	}

	/**
	 * A slice is the part of its bucket inside the range, never empty and never outside
	 * it.
	 */
	@Test
	void slicesClipTheRangeToTheBucket() {
		Bucket february = Bucket.parse(BucketGranularity.MONTH, "2024-02");
		Instant from = Instant.parse("2024-02-10T00:00:00Z");
		Instant to = Instant.parse("2024-05-01T00:00:00Z");

		assertThat(BucketSlice.of(february, from, to))
			.isEqualTo(new BucketSlice(february, from, Instant.parse("2024-03-01T00:00:00Z")));
		assertThat(BucketSlice.of(february)).isEqualTo(new BucketSlice(february, february.start(), february.end()));
		assertThatIllegalArgumentException().isThrownBy(() -> BucketSlice.of(february, to, to.plusSeconds(60)));
		assertThatIllegalArgumentException().isThrownBy(() -> new BucketSlice(february, from, from));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new BucketSlice(february, february.start().minusMillis(1), from));
	}

	/** Stepping follows the read order: newest first walks back in time. */
	@Test
	void stepFollowsTheReadOrder() {
		Bucket january = Bucket.parse(BucketGranularity.MONTH, "2025-01");

		assertThat(List.of(january.step(ReadOrder.NEWEST_FIRST), january.step(ReadOrder.OLDEST_FIRST)))
			.extracting(Bucket::key)
			.containsExactly("2024-12", "2025-02");
	}

}
