package dev.querydriven.iotsensors.rollup;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import dev.querydriven.iotsensors.reading.ReadingChange;
import dev.querydriven.iotsensors.reading.ReadingProperties;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.time.TimeSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Keeps {@code hourly_rollups_by_sensor} equal to the aggregates of the raw hours: every
 * hour a change touched is recomputed from its raw partition (Q5) and upserted whole, so
 * duplicates and late readings never skew it.
 *
 * <p>
 * Each upsert carries, as its write timestamp, the moment its raw hour began to be read:
 * of two recomputes racing on one hour, the one that read later saw at least as many
 * readings, and its upsert wins even if it arrives first. The time source never repeats
 * nor goes back, so the order of two reads is the order of their timestamps.
 */
@Component
class HourlyRollupCopy implements Copy<ReadingChange> {

	private final RollupRepository repository;

	private final TimeSource time;

	private final Duration retention;

	private final int concurrency;

	private final DualWriter writer;

	HourlyRollupCopy(RollupRepository repository, TimeSource time, DualWriter writer, RollupProperties properties,
			ReadingProperties readings) {
		this.repository = repository;
		this.time = time;
		this.writer = writer;
		this.retention = properties.retention();
		this.concurrency = readings.writeConcurrency();
	}

	/**
	 * After the raw readings are stored (the recompute reads them): one write per hour
	 * touched, each ordered by the moment its hour was read rather than by the change.
	 */
	@Override
	public Mono<AfterWrite> beforeWrite(ReadingChange change) {
		// A few hours at a time: a batch may span 25 of them.
		return Mono.just((timestampMicros) -> Flux.fromIterable(change.hours())
			.flatMap((hour) -> recompute(change.sensorId(), hour, change).flatMap(this.writer::execute),
					this.concurrency)
			.then());
	}

	private Mono<DenormalizedWrite> recompute(UUID sensorId, Bucket hour, ReadingChange change) {
		return Mono.defer(() -> {
			long readStartedMicros = this.time.nowMicros();
			return this.repository.aggregateHour(sensorId, hour)
				.flatMap((rollup) -> this.repository.insert(rollup, ttlSeconds(hour, change.receivedAt())))
				.map((insert) -> DenormalizedWrite.builder("rollup of sensor " + sensorId + " at " + hour.start())
					.put(insert)
					.timestamp(readStartedMicros)
					.build());
		});
	}

	/**
	 * A rollup expires one retention after its hour began, however late it was last
	 * recomputed.
	 */
	private int ttlSeconds(Bucket hour, Instant now) {
		Duration age = Duration.between(hour.start(), now);
		return Math.toIntExact(this.retention.minus(age).toSeconds());
	}

}
