package dev.querydriven.iotsensors;

import java.time.Duration;
import java.time.Instant;

import dev.querydriven.servicesupport.web.InvalidRequestException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Requested ranges are checked before any read and rounded to the resolution of a CQL
 * timestamp.
 */
class TimeRangeTests {

	private static final Instant T = Instant.parse("2026-10-31T23:00:00Z");

	/**
	 * A range of exactly the maximum is accepted; one millisecond more is refused naming
	 * {@code to}.
	 */
	@Test
	void maximumLengthIsInclusive() {
		assertThat(TimeRange.of(T, T.plus(Duration.ofHours(24)), Duration.ofHours(24)).to())
			.isEqualTo(T.plus(Duration.ofHours(24)));
		assertThatExceptionOfType(InvalidRequestException.class)
			.isThrownBy(() -> TimeRange.of(T, T.plus(Duration.ofHours(24)).plusMillis(1), Duration.ofHours(24)))
			.satisfies((ex) -> assertThat(ex.getField()).isEqualTo("to"))
			.withMessageContaining("longer than the 24 hours");
		assertThatExceptionOfType(InvalidRequestException.class)
			.isThrownBy(() -> TimeRange.of(T, T.plus(Duration.ofDays(32)), Duration.ofDays(31)))
			.withMessageContaining("31 days");
	}

	/** {@code from} must come before {@code to}. */
	@Test
	void backwardOrEmptyRangesAreRefused() {
		assertThatExceptionOfType(InvalidRequestException.class)
			.isThrownBy(() -> TimeRange.of(T, T, Duration.ofHours(1)))
			.satisfies((ex) -> assertThat(ex.getField()).isEqualTo("from"));
		assertThatExceptionOfType(InvalidRequestException.class)
			.isThrownBy(() -> TimeRange.of(T, T.minusMillis(1), Duration.ofHours(1)));
	}

	/**
	 * Sub-millisecond bounds round up, so the half-open range keeps its meaning in
	 * milliseconds.
	 */
	@Test
	void boundsRoundUpToTheMillisecond() {
		TimeRange range = TimeRange.of(T.plusNanos(1), T.plusMillis(5).plusNanos(999_999), Duration.ofHours(1));
		assertThat(range.from()).isEqualTo(T.plusMillis(1));
		assertThat(range.to()).isEqualTo(T.plusMillis(6));
		assertThat(TimeRange.ceilToMillis(T)).isEqualTo(T);
	}

	/**
	 * Instants a timestamp column cannot hold sensibly are refused rather than
	 * overflowing.
	 */
	@Test
	void implausibleInstantsAreRefused() {
		assertThatExceptionOfType(InvalidRequestException.class)
			.isThrownBy(() -> TimeRange.of(Instant.MAX.minusSeconds(10), Instant.MAX, Duration.ofHours(1)))
			.satisfies((ex) -> assertThat(ex.getField()).isEqualTo("from"));
		assertThatExceptionOfType(InvalidRequestException.class)
			.isThrownBy(() -> TimeRange.of(Instant.EPOCH.minusSeconds(10), Instant.EPOCH, Duration.ofHours(1)));
	}

}
