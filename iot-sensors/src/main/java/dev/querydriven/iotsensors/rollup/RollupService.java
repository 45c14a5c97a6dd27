package dev.querydriven.iotsensors.rollup;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.querydriven.iotsensors.TimeRange;
import dev.querydriven.iotsensors.reading.ReadingProperties;
import dev.querydriven.iotsensors.sensor.SensorService;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.bucket.MultiBucketReader;
import dev.querydriven.modeling.bucket.ReadOrder;
import dev.querydriven.modeling.time.TimeSource;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Reads hourly rollups ({@link HourlyRollupCopy} keeps them equal to the aggregates of
 * their raw hour).
 */
@Service
public class RollupService {

	private final RollupRepository repository;

	private final SensorService sensors;

	private final RollupProperties properties;

	private final TimeSource time;

	RollupService(RollupRepository repository, SensorService sensors, RollupProperties properties,
			ReadingProperties readings, TimeSource time) {
		// Rollups must outlive the raw readings they summarise. The two retentions are
		// two features' settings, bound apart, so they meet here, at startup.
		properties.requireOutlives(readings);
		this.repository = repository;
		this.sensors = sensors;
		this.properties = properties;
		this.time = time;
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
			Instant horizon = this.time.instant().minus(this.properties.retention());
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
