package dev.querydriven.iotsensors.reading;

import java.util.Set;
import java.util.UUID;

import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.bucket.ReadOrder;
import dev.querydriven.writeintents.IntentReplayer;
import dev.querydriven.writeintents.WriteIntent;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Finishes an ingestion cut short after (some of) its raw rows were written: the raw
 * hours are the source of truth, so every table derived from them is brought up to date
 * from them again. The rollups recompute each hour whole, and the latest reading is
 * offered the newest row of each hour, so the replay needs only one row per hour: the
 * newest. An hour the change never reached holds no row of it, and is left as it is.
 */
@Component
class ReadingsReplayer implements IntentReplayer {

	private final ReadingRepository readings;

	private final ReadingService service;

	private final int concurrency;

	ReadingsReplayer(ReadingRepository readings, ReadingService service, ReadingProperties properties) {
		this.readings = readings;
		this.service = service;
		this.concurrency = properties.writeConcurrency();
	}

	@Override
	public Set<String> kinds() {
		return Set.of(ReadingService.STORED);
	}

	@Override
	public Mono<Void> replay(WriteIntent intent) {
		UUID sensorId = intent.uuid("sensor_id");
		Bucket first = Bucket.parse(BucketGranularity.HOUR, intent.key(ReadingService.FIRST_HOUR));
		Bucket last = Bucket.parse(BucketGranularity.HOUR, intent.key(ReadingService.LAST_HOUR));
		// At most the hours one ingestion may span (its late allowance): a bounded walk.
		return Flux.<Bucket, Bucket>generate(() -> first, (hour, sink) -> {
			sink.next(hour);
			if (hour.compareTo(last) >= 0) {
				sink.complete();
			}
			return hour.next();
		})
			.flatMap(
					(hour) -> this.readings.findInHour(sensorId, BucketSlice.of(hour), null, 1, ReadOrder.NEWEST_FIRST),
					this.concurrency)
			.collectList()
			.filter((newest) -> !newest.isEmpty())
			.flatMap((newest) -> this.service.writeCopies(new ReadingChange(sensorId, newest, intent.begunAt())))
			.then();
	}

}
