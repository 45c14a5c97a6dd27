package dev.querydriven.iotsensors.reading;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

import dev.querydriven.iotsensors.TimeRange;
import dev.querydriven.iotsensors.sensor.SensorService;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketCursor;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.bucket.BucketPage;
import dev.querydriven.modeling.bucket.MultiBucketReader;
import dev.querydriven.modeling.bucket.ReadOrder;
import dev.querydriven.modeling.dualwrite.Copies;
import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.writeintents.NewIntent;
import dev.querydriven.writeintents.WriteIntents;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Stores raw readings, partition by partition, and keeps the tables derived from them in
 * sync (each implements {@link Copy} for {@link ReadingChange}); answers ranges across
 * hour partitions and the latest reading.
 */
@Service
public class ReadingService {

	/** The kind of change an ingestion records before its first write. */
	static final String STORED = "readings-stored";

	/** The intent's key: the first and the last hour partition the change writes. */
	static final String FIRST_HOUR = "first_hour";

	static final String LAST_HOUR = "last_hour";

	private final ReadingRepository readings;

	private final Copies<ReadingChange> copies;

	private final SensorService sensors;

	private final CursorCodec cursors;

	private final TimeSource time;

	private final Duration retention;

	private final int concurrency;

	private final DistributionSummary partitionsPerPage;

	private final WriteIntents intents;

	ReadingService(ReadingRepository readings, List<Copy<ReadingChange>> copies, DualWriter writer,
			SensorService sensors, CursorCodec cursors, TimeSource time, ReadingProperties properties,
			MeterRegistry meters, WriteIntents intents) {
		this.readings = readings;
		this.intents = intents;
		this.copies = new Copies<>(copies, writer);
		this.sensors = sensors;
		this.cursors = cursors;
		this.time = time;
		this.retention = properties.retention();
		this.concurrency = properties.writeConcurrency();
		this.partitionsPerPage = DistributionSummary.builder("querydriven.iotsensors.readings.partitions.per.page")
			.description("Hour partitions one page of readings read (empty ones included): the cost of a range query")
			.baseUnit("partitions")
			.register(meters);
	}

	/**
	 * Stores readings of one registered sensor, then every table derived from them.
	 * Readings are grouped by hour partition; each partition is written on its own
	 * (single-partition batches), {@code reading.write-concurrency} partitions at a time,
	 * never in a multi-partition batch. Once every raw row is written (and so readable),
	 * the derived tables follow: the rollups of the hours touched and the latest reading
	 * (the copies' work after the change's write, which holds no statement of its own
	 * here: each derived table is ordered by a timestamp of its own, see {@link Copy}).
	 * Every statement is an idempotent upsert: a failure part-way leaves nothing a retry
	 * of the same readings would not overwrite with the same values.
	 *
	 * <p>
	 * The change is recorded first, with the hours it touches ({@link #STORED}): a client
	 * that disconnects does not stop it, and one cut short (a killed process, a rollup
	 * that outlived its retries) is finished by the sweeper, which recomputes the derived
	 * tables from the raw hours ({@link ReadingsReplayer}).
	 * @param sensorId the sensor (registered: the caller checked)
	 * @param rows the readings, one per instant
	 * @param receivedAt the instant their ages were judged against; each row's TTL is the
	 * retention minus its age
	 * @return what was stored
	 */
	public Mono<ReadingChange> store(UUID sensorId, List<SensorDataRow> rows, Instant receivedAt) {
		return Mono.defer(() -> {
			ReadingChange change = new ReadingChange(sensorId, rows, receivedAt);
			Map<Bucket, List<SensorDataRow>> partitions = new TreeMap<>();
			for (SensorDataRow row : change.readings()) {
				partitions.computeIfAbsent(row.bucket(), (hour) -> new ArrayList<>()).add(row);
			}
			Mono<ReadingChange> source = Flux.fromIterable(partitions.values())
				.flatMap((partition) -> this.readings.insertPartition(partition, (row) -> ttlSeconds(row, receivedAt)),
						this.concurrency)
				.then(Mono.just(change));
			List<Bucket> hours = List.copyOf(partitions.keySet());
			NewIntent intent = NewIntent.of(STORED, Map.of("sensor_id", sensorId, FIRST_HOUR, hours.get(0).key(),
					LAST_HOUR, hours.get(hours.size() - 1).key()));
			return this.intents.run(intent, source, (stored) -> writeCopies(stored).thenReturn(stored));
		});
	}

	/**
	 * Brings every table derived from readings up to date with a change.
	 * @param change the readings written, or, on a replay, the newest of each hour
	 * @return completes once every derived table is written
	 */
	Mono<Long> writeCopies(ReadingChange change) {
		return this.copies.write(change,
				DenormalizedWrite.builder("tables derived from readings of sensor " + change.sensorId()));
	}

	/**
	 * Retention counted from the reading's own time, not from this write: a reading that
	 * arrives a day late expires with its neighbours, not a day after them.
	 */
	private int ttlSeconds(SensorDataRow row, Instant receivedAt) {
		Duration age = Duration.between(row.readingTime(), receivedAt);
		return Math.toIntExact(this.retention.minus(age).toSeconds());
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
		Instant horizon = this.time.instant().minus(this.retention);
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
		return this.readings.findLatest(sensorId)
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
