package dev.querydriven.iotsensors.seed;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The simulated fleet that seeds dev runs ({@code querydriven.iot-sensors.seed.*}).
 *
 * @param enabled whether to seed at startup (on in {@code application.yml}, off in tests)
 * @param sensors how many sensors
 * @param sites over how many sites
 * @param samplingInterval the time between two readings of one sensor
 * @param period how far back the simulated readings start (within the late allowance)
 * @param concurrency how many ingestion requests run at once
 */
@ConfigurationProperties("querydriven.iot-sensors.seed")
record SeedProperties(@DefaultValue("false") boolean enabled, @DefaultValue("20") int sensors,
		@DefaultValue("4") int sites, @DefaultValue("60s") Duration samplingInterval,
		@DefaultValue("12h") Duration period, @DefaultValue("2") int concurrency) {

}
