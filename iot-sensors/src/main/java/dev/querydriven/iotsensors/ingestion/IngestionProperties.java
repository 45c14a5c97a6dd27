package dev.querydriven.iotsensors.ingestion;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Ingestion requests ({@code querydriven.iot-sensors.ingestion.*}).
 *
 * @param maxBatchSize the most readings one request may carry
 */
@ConfigurationProperties("querydriven.iot-sensors.ingestion")
public record IngestionProperties(@DefaultValue("1000") int maxBatchSize) {

	public IngestionProperties {
		if (maxBatchSize < 1) {
			throw new IllegalArgumentException("querydriven.iot-sensors.ingestion.max-batch-size must be at least 1");
		}
	}

}
