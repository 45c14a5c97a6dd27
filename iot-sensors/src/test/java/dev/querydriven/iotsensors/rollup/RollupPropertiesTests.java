package dev.querydriven.iotsensors.rollup;

import java.time.Duration;

import dev.querydriven.iotsensors.reading.ReadingProperties;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * Rollup settings that would let the service write data it cannot keep consistent fail at
 * startup.
 */
class RollupPropertiesTests {

	private static final ReadingProperties READINGS = new ReadingProperties(Duration.ofDays(30), Duration.ofHours(24),
			Duration.ofMinutes(2), Duration.ofHours(24), 8);

	/** Rollups may not be kept for less time than the raw readings they summarise. */
	@Test
	void rollupsOutliveTheRawReadings() {
		RollupProperties rollups = new RollupProperties(Duration.ofDays(7), Duration.ofDays(7));
		assertThatIllegalArgumentException().isThrownBy(() -> rollups.requireOutlives(READINGS))
			.withMessageContaining("rollup.retention");
	}

	/** Rollups kept as long as the raw readings are accepted. */
	@Test
	void rollupsMayBeKeptAsLongAsTheRawReadings() {
		RollupProperties rollups = new RollupProperties(Duration.ofDays(30), Duration.ofDays(7));
		assertThatNoException().isThrownBy(() -> rollups.requireOutlives(READINGS));
	}

}
