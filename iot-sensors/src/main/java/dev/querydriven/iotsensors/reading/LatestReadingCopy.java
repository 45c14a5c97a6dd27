package dev.querydriven.iotsensors.reading;

import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Keeps {@code latest_reading_by_sensor}: the newest reading of a change is offered as
 * the sensor's latest, written with {@link LatestReadingBySensorRow#writeTimestamp()}
 * (the reading's own time), so that among all readings ever offered Cassandra keeps the
 * newest: last-write-wins compares write timestamps, not arrival order, so a late, older
 * reading loses without any read before the write.
 */
@Component
class LatestReadingCopy implements Copy<ReadingChange> {

	private final ReadingRepository repository;

	private final DualWriter writer;

	LatestReadingCopy(ReadingRepository repository, DualWriter writer) {
		this.repository = repository;
		this.writer = writer;
	}

	/**
	 * After the raw readings are stored: a write of its own, ordered by the reading's
	 * time rather than by the change's.
	 */
	@Override
	public Mono<AfterWrite> beforeWrite(ReadingChange change) {
		return Mono.just((timestampMicros) -> {
			LatestReadingBySensorRow latest = LatestReadingBySensorRow.of(change.newest());
			return this.repository.insertLatest(latest)
				.flatMap((insert) -> this.writer
					.execute(DenormalizedWrite.builder("latest reading of sensor " + latest.sensorId())
						.put(insert)
						.timestamp(latest.writeTimestamp())
						.build()))
				.then();
		});
	}

}
