package dev.querydriven.iotsensors.ingestion;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import dev.querydriven.iotsensors.reading.ReadingService;
import dev.querydriven.iotsensors.reading.SensorDataRow;
import dev.querydriven.iotsensors.sensor.SensorService;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Ingests validated readings of a registered sensor: the reading feature stores them,
 * partition by partition, and keeps every table derived from them in sync.
 */
@Service
public class IngestionService {

	private final SensorService sensors;

	private final ReadingService readings;

	private final Counter ingested;

	private final Timer requests;

	IngestionService(SensorService sensors, ReadingService readings, MeterRegistry meters) {
		this.sensors = sensors;
		this.readings = readings;
		this.ingested = Counter.builder("querydriven.iotsensors.readings.ingested")
			.description("Readings accepted (its rate is the ingestion rate)")
			.baseUnit("readings")
			.register(meters);
		this.requests = Timer.builder("querydriven.iotsensors.ingestion.requests")
			.description("Ingestion requests, from validated readings to every table written")
			.register(meters);
	}

	/**
	 * Ingests the readings of one sensor. The result comes when every raw row, the
	 * rollups of the hours touched and the latest reading are written at LOCAL_QUORUM. A
	 * failure part-way leaves nothing a retry of the same request would not overwrite
	 * with the same values.
	 * @param sensorId the sensor
	 * @param validated the readings
	 * @return what was written, or a 404 for an unknown sensor (nothing written)
	 */
	public Mono<IngestionResult> ingest(UUID sensorId, ValidatedReadings validated) {
		return this.sensors.require(sensorId).then(Mono.defer(() -> {
			// A timer, not the clock: the duration of the request.
			long started = System.nanoTime();
			List<SensorDataRow> rows = validated.readings()
				.stream()
				.map((reading) -> SensorDataRow.of(sensorId, reading.time(), reading.temperature(), reading.humidity(),
						reading.batteryLevel()))
				.toList();
			return this.readings.store(sensorId, rows, validated.validatedAt()).map((stored) -> {
				this.ingested.increment(validated.received());
				this.requests.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
				return new IngestionResult(validated.received(), stored.hours().size());
			});
		}));
	}

}
