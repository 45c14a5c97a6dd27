package dev.querydriven.iotsensors.ingestion;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import dev.querydriven.iotsensors.IotSensorsProperties;
import dev.querydriven.iotsensors.reading.LatestReadingBySensorRow;
import dev.querydriven.iotsensors.reading.LatestReadingRepository;
import dev.querydriven.iotsensors.reading.ReadingRepository;
import dev.querydriven.iotsensors.reading.SensorDataRow;
import dev.querydriven.iotsensors.rollup.RollupService;
import dev.querydriven.iotsensors.sensor.SensorService;
import dev.querydriven.modeling.bucket.Bucket;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Writes validated readings: raw rows partition by partition, then the rollups of the
 * hours touched and the latest reading.
 */
@Service
public class IngestionService {

	private final SensorService sensors;

	private final ReadingRepository readings;

	private final LatestReadingRepository latest;

	private final RollupService rollups;

	private final Duration retention;

	private final int concurrency;

	private final Counter ingested;

	private final Timer requests;

	IngestionService(SensorService sensors, ReadingRepository readings, LatestReadingRepository latest,
			RollupService rollups, IotSensorsProperties properties, MeterRegistry meters) {
		this.sensors = sensors;
		this.readings = readings;
		this.latest = latest;
		this.rollups = rollups;
		this.retention = properties.readings().retention();
		this.concurrency = properties.ingestion().writeConcurrency();
		this.ingested = Counter.builder("querydriven.iotsensors.readings.ingested")
			.description("Readings accepted (its rate is the ingestion rate)")
			.baseUnit("readings")
			.register(meters);
		this.requests = Timer.builder("querydriven.iotsensors.ingestion.requests")
			.description("Ingestion requests, from validated readings to every table written")
			.register(meters);
	}

	/**
	 * Ingests the readings of one sensor. Readings are grouped by hour partition; each
	 * partition is written on its own (single-partition batches), {@code concurrency}
	 * partitions at a time. Once every raw row is written, each touched hour's rollup is
	 * recomputed and the newest reading is offered as the sensor's latest. The result
	 * comes when all of it is written at LOCAL_QUORUM. A failure part-way leaves nothing
	 * a retry of the same request would not overwrite with the same values.
	 * @param sensorId the sensor
	 * @param validated the readings
	 * @return what was written, or a 404 for an unknown sensor (nothing written)
	 */
	public Mono<IngestionResult> ingest(UUID sensorId, ValidatedReadings validated) {
		return this.sensors.require(sensorId).then(Mono.defer(() -> {
			long started = System.nanoTime();
			Instant now = validated.validatedAt();
			Map<Bucket, List<SensorDataRow>> partitions = new TreeMap<>();
			for (NewReading reading : validated.readings()) {
				SensorDataRow row = SensorDataRow.of(sensorId, reading.time(), reading.temperature(),
						reading.humidity(), reading.batteryLevel());
				partitions.computeIfAbsent(row.bucket(), (hour) -> new ArrayList<>()).add(row);
			}
			NewReading newest = validated.readings().stream().max(Comparator.comparing(NewReading::time)).orElseThrow();
			return Flux.fromIterable(partitions.values())
				.flatMap((rows) -> this.readings.insertPartition(rows, (row) -> ttlSeconds(row, now)), this.concurrency)
				.then(Mono.when(this.rollups.recompute(sensorId, partitions.keySet(), now, this.concurrency),
						this.latest.offer(new LatestReadingBySensorRow(sensorId, newest.time(), newest.temperature(),
								newest.humidity(), newest.batteryLevel()))))
				.then(Mono.fromSupplier(() -> {
					this.ingested.increment(validated.received());
					this.requests.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
					return new IngestionResult(validated.received(), partitions.size());
				}));
		}));
	}

	/**
	 * Retention counted from the reading's own time, not from this write: a reading that
	 * arrives a day late expires with its neighbours, not a day after them.
	 */
	private int ttlSeconds(SensorDataRow row, Instant now) {
		Duration age = Duration.between(row.readingTime(), now);
		return Math.toIntExact(this.retention.minus(age).toSeconds());
	}

}
