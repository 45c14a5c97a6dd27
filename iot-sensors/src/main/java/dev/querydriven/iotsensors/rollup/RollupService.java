package dev.querydriven.iotsensors.rollup;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

import dev.querydriven.iotsensors.IotSensorsProperties;
import dev.querydriven.iotsensors.TimeRange;
import dev.querydriven.iotsensors.sensor.SensorService;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.bucket.MultiBucketReader;
import dev.querydriven.modeling.bucket.ReadOrder;
import dev.querydriven.modeling.dualwrite.DualWriter;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Keeps hourly rollups equal to the aggregates of their raw hour, and reads them.
 */
@Service
public class RollupService {

	private final RollupRepository repository;

	private final SensorService sensors;

	private final IotSensorsProperties properties;

	private final Clock clock;

	RollupService(RollupRepository repository, SensorService sensors, IotSensorsProperties properties, Clock clock) {
		this.repository = repository;
		this.sensors = sensors;
		this.properties = properties;
		this.clock = clock;
	}

	/**
	 * Recomputes the rollups of the given hours from their raw partitions and upserts
	 * them, a few hours at a time.
	 * @param sensorId the sensor
	 * @param hours the hours an ingestion touched
	 * @param now the instant the ingestion judged its readings against
	 * @param concurrency how many hours to recompute at once
	 * @return completes once every rollup is written
	 */
	public Mono<Void> recompute(UUID sensorId, Collection<Bucket> hours, Instant now, int concurrency) {
		return Flux.fromIterable(hours).flatMap((hour) -> recompute(sensorId, hour, now), concurrency).then();
	}

	private Mono<Void> recompute(UUID sensorId, Bucket hour, Instant now) {
		return Mono.defer(() -> {
			// The write timestamp is the moment the read starts (the real clock, shared
			// by every recompute): of two recomputes racing on one hour, the one that
			// read later saw at least as many readings, and its upsert wins even if it
			// arrives first.
			long readStartedMicros = DualWriter.nowMicros();
			return this.repository.aggregateHour(sensorId, hour)
				.flatMap((rollup) -> this.repository.upsert(rollup, ttlSeconds(hour, now), readStartedMicros));
		});
	}

	/**
	 * A rollup expires one retention after its hour began, however late it was last
	 * recomputed.
	 */
	private int ttlSeconds(Bucket hour, Instant now) {
		Duration age = Duration.between(hour.start(), now);
		return Math.toIntExact(this.properties.rollups().retention().minus(age).toSeconds());
	}

	/**
	 * The rollups of the hours starting in {@code [from, to)}, oldest first (Q6): one day
	 * partition at a time, through the multi-bucket reader. The range is bounded by the
	 * caller (31 days by default), so the answer is at most 745 rows and is not paged.
	 *
	 * <p>
	 * The read starts no earlier than the retention horizon (now − retention): a rollup
	 * expires one retention after its hour began, so the rows of a day partition expire
	 * one by one, and a read reaching further back would scan the expired ones as
	 * tombstones until their SSTable is dropped.
	 * @param sensorId the sensor
	 * @param range the hours to cover
	 * @return the rollups, or a 404 for an unknown sensor
	 */
	public Mono<List<HourlyRollupsBySensorRow>> findRange(UUID sensorId, TimeRange range) {
		int everyHour = Math.toIntExact(Duration.between(range.from(), range.to()).toHours() + 2);
		return this.sensors.require(sensorId).then(Mono.defer(() -> {
			Instant horizon = this.clock.instant().minus(this.properties.rollups().retention());
			Instant from = range.from().isBefore(horizon) ? horizon : range.from();
			if (!from.isBefore(range.to())) {
				return Mono.just(List.of());
			}
			return MultiBucketReader
				.range((slice, after, limit) -> this.repository.findInDay(sensorId, slice, after, limit),
						HourlyRollupsBySensorRow::hourStart, BucketGranularity.DAY, from, range.to(),
						ReadOrder.OLDEST_FIRST, everyHour, null)
				.map((page) -> page.items());
		}));
	}

}
