package dev.querydriven.iotsensors.reading;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import dev.querydriven.iotsensors.IotSensorsProperties;
import dev.querydriven.iotsensors.TimeRange;
import dev.querydriven.iotsensors.sensor.SensorService;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketCursor;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.bucket.BucketPage;
import dev.querydriven.modeling.bucket.MultiBucketReader;
import dev.querydriven.modeling.bucket.ReadOrder;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.servicesupport.web.Page;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Answers the read side of raw readings: ranges across hour partitions and the latest
 * reading.
 */
@Service
class ReadingService {

	private final ReadingRepository readings;

	private final LatestReadingRepository latest;

	private final SensorService sensors;

	private final CursorCodec cursors;

	private final Clock clock;

	private final Duration retention;

	private final DistributionSummary partitionsPerPage;

	ReadingService(ReadingRepository readings, LatestReadingRepository latest, SensorService sensors,
			CursorCodec cursors, Clock clock, IotSensorsProperties properties, MeterRegistry meters) {
		this.readings = readings;
		this.latest = latest;
		this.sensors = sensors;
		this.cursors = cursors;
		this.clock = clock;
		this.retention = properties.readings().retention();
		this.partitionsPerPage = DistributionSummary.builder("querydriven.iotsensors.readings.partitions.per.page")
			.description("Hour partitions one page of readings read (empty ones included): the cost of a range query")
			.baseUnit("partitions")
			.register(meters);
	}

	/**
	 * A page of a sensor's readings in {@code [from, to)} (Q3 newest first, Q4 oldest
	 * first). The multi-bucket reader queries one hour partition at a time, in the read
	 * order, and stops as soon as the page is full; the range (bounded by the caller)
	 * bounds the walk. The cursor holds the hour and the last reading time, signed for
	 * this sensor, range and order.
	 *
	 * <p>
	 * The walk never reaches past the retention horizon (now − retention): older readings
	 * have expired, row by row, since each one's TTL counts from its own time, and until
	 * TimeWindowCompactionStrategy drops their day's SSTable, a read over them would scan
	 * every expired cell as a tombstone (a fully expired hour holds up to 3,600 rows of
	 * three cells, far past the node's warning at 1,000). Starting the range at the
	 * horizon keeps expired rows outside every slice that is read, so the answer is the
	 * same without scanning them (a TTL counts whole seconds, so the horizon's own second
	 * may hold one reading that has just expired).
	 * @param sensorId the sensor
	 * @param range the instants to cover
	 * @param order newest or oldest first
	 * @param limit the page size
	 * @param cursor the previous page's {@code next}, or {@code null}
	 * @return the page, or a 404 for an unknown sensor
	 */
	Mono<Page<SensorDataRow>> findRange(UUID sensorId, TimeRange range, ReadOrder order, int limit, String cursor) {
		String scope = "sensor-readings:" + sensorId + ":" + range.from() + ":" + range.to() + ":" + order;
		return Mono.fromCallable(() -> Optional.ofNullable(cursor).map((token) -> decode(scope, token)))
			.flatMap((position) -> this.sensors.require(sensorId)
				.then(Mono.defer(() -> readUnexpired(sensorId, range, order, limit, position.orElse(null)))))
			.doOnNext((page) -> this.partitionsPerPage.record(page.partitionsRead()))
			.map((page) -> new Page<>(page.items(), (page.next() != null) ? encode(scope, page.next()) : null));
	}

	private Mono<BucketPage<SensorDataRow, Instant>> readUnexpired(UUID sensorId, TimeRange range, ReadOrder order,
			int limit, BucketCursor<Instant> position) {
		Instant horizon = this.clock.instant().minus(this.retention);
		Instant from = range.from().isBefore(horizon) ? horizon : range.from();
		if (!from.isBefore(range.to())) {
			return Mono.just(new BucketPage<>(List.of(), null, 0));
		}
		BucketCursor<Instant> resumeAt = position;
		if (position != null && position.bucket().compareTo(Bucket.of(BucketGranularity.HOUR, from)) < 0) {
			// The horizon moved past the cursor's hour between two pages: newest first,
			// all that was left has expired; oldest first, the walk goes on at the
			// horizon.
			if (order == ReadOrder.NEWEST_FIRST) {
				return Mono.just(new BucketPage<>(List.of(), null, 0));
			}
			resumeAt = null;
		}
		return MultiBucketReader.range(
				(slice, after, rows) -> this.readings.findInHour(sensorId, slice, after, rows, order),
				SensorDataRow::readingTime, BucketGranularity.HOUR, from, range.to(), order, limit, resumeAt);
	}

	/**
	 * A sensor's latest reading (Q7). Only a miss pays the registry read that tells an
	 * unknown sensor from a silent one.
	 * @param sensorId the sensor
	 * @return the reading, or a 404
	 */
	Mono<LatestReadingBySensorRow> findLatest(UUID sensorId) {
		return this.latest.findLatest(sensorId)
			.switchIfEmpty(Mono.defer(() -> this.sensors.require(sensorId)
				.then(Mono.error(new NotFoundException("Sensor " + sensorId + " has sent no reading yet")))));
	}

	private String encode(String scope, BucketCursor<Instant> position) {
		return this.cursors.encode(scope,
				List.of(position.bucket().key(), Long.toString(position.after().toEpochMilli())));
	}

	private BucketCursor<Instant> decode(String scope, String cursor) {
		List<String> values = this.cursors.decodeValues(scope, cursor);
		return new BucketCursor<>(Bucket.parse(BucketGranularity.HOUR, values.get(0)),
				Instant.ofEpochMilli(Long.parseLong(values.get(1))));
	}

}
