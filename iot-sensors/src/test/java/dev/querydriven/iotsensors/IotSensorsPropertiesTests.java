package dev.querydriven.iotsensors;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Settings that would let the service write data it cannot keep consistent fail at
 * startup.
 */
class IotSensorsPropertiesTests {

	private static final IotSensorsProperties.Ingestion INGESTION = new IotSensorsProperties.Ingestion(1000, 8);

	private static final IotSensorsProperties.Rollups ROLLUPS = new IotSensorsProperties.Rollups(Duration.ofDays(365),
			Duration.ofDays(31));

	private static final IotSensorsProperties.Sizing SIZING = new IotSensorsProperties.Sizing(1, 50);

	private static final IotSensorsProperties.Simulator SIMULATOR = new IotSensorsProperties.Simulator(20, 4,
			Duration.ofSeconds(60), Duration.ofHours(12), 2);

	/**
	 * A late allowance as long as the retention is refused: a late reading's hour is
	 * recomputed from its raw partition, which would already be partly expired.
	 */
	@Test
	void lateAllowanceMustBeShorterThanTheRetention() {
		IotSensorsProperties.Readings readings = new IotSensorsProperties.Readings(Duration.ofDays(7),
				Duration.ofDays(7), Duration.ofMinutes(2), Duration.ofHours(24));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new IotSensorsProperties(readings, INGESTION, ROLLUPS, SIZING, SIMULATOR))
			.withMessageContaining("late-allowance");
	}

	/**
	 * A clock-skew allowance at the node's 10-minute future-timestamp warning is refused.
	 */
	@Test
	void clockSkewAllowanceStaysBelowTheFutureTimestampWarning() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new IotSensorsProperties.Readings(Duration.ofDays(30), Duration.ofHours(24),
					Duration.ofMinutes(10), Duration.ofHours(24)))
			.withMessageContaining("maximum_timestamp_warn_threshold");
	}

	/** Rollups may not be kept for less time than the raw readings they summarise. */
	@Test
	void rollupsOutliveTheRawReadings() {
		IotSensorsProperties.Readings readings = new IotSensorsProperties.Readings(Duration.ofDays(30),
				Duration.ofHours(24), Duration.ofMinutes(2), Duration.ofHours(24));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new IotSensorsProperties(readings, INGESTION,
					new IotSensorsProperties.Rollups(Duration.ofDays(7), Duration.ofDays(7)), SIZING, SIMULATOR))
			.withMessageContaining("rollups.retention");
	}

}
