package dev.querydriven.iotsensors.reading;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Reading settings that would let the service write data it cannot keep consistent fail
 * at startup.
 */
class ReadingPropertiesTests {

	/**
	 * A late allowance as long as the retention is refused: a late reading's hour is
	 * recomputed from its raw partition, which would already be partly expired.
	 */
	@Test
	void lateAllowanceMustBeShorterThanTheRetention() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new ReadingProperties(Duration.ofDays(7), Duration.ofDays(7), Duration.ofMinutes(2),
					Duration.ofHours(24), 8))
			.withMessageContaining("late-allowance");
	}

	/**
	 * A clock-skew allowance at the node's 10-minute future-timestamp warning is refused.
	 */
	@Test
	void clockSkewAllowanceStaysBelowTheFutureTimestampWarning() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new ReadingProperties(Duration.ofDays(30), Duration.ofHours(24), Duration.ofMinutes(10),
					Duration.ofHours(24), 8))
			.withMessageContaining("maximum_timestamp_warn_threshold");
	}

}
