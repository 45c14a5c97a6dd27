package dev.querydriven.iotsensors.reading;

import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import reactor.core.publisher.Flux;

import org.springframework.stereotype.Component;

/**
 * Keeps {@code latest_reading_by_sensor}: the newest reading of a change is offered as
 * the sensor's latest, written with {@link LatestReadingBySensorRow#writeTimestamp()}
 * (the reading's own time), so that among all readings ever offered Cassandra keeps the
 * newest: last-write-wins compares write timestamps, not arrival order, so a late, older
 * reading loses without any read before the write.
 */
@Component
class LatestReadingCopy implements ReadingCopy {

	private final ReadingRepository repository;

	LatestReadingCopy(ReadingRepository repository) {
		this.repository = repository;
	}

	@Override
	public Flux<DenormalizedWrite> write(ReadingChange change) {
		LatestReadingBySensorRow latest = LatestReadingBySensorRow.of(change.newest());
		return this.repository.insertLatest(latest)
			.map((insert) -> DenormalizedWrite.builder("latest reading of sensor " + latest.sensorId())
				.put(insert)
				.timestamp(latest.writeTimestamp())
				.build())
			.flux();
	}

}
