package dev.querydriven.iotsensors.reading;

import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import reactor.core.publisher.Flux;

/**
 * A table derived from a sensor's raw readings: {@code latest_reading_by_sensor},
 * {@code hourly_rollups_by_sensor}, ... Each feature that owns such a table implements
 * this interface, and {@link ReadingCopies} writes them all, through the service's one
 * {@code DualWriter}, once the raw rows are stored. The reading feature thus keeps every
 * derived table in sync without depending on the features that read them: the one way
 * copies cross features in this project (a listener interface declared by the feature
 * that owns the source of truth, implemented by each feature that keeps a copy).
 *
 * <p>
 * Unlike the copies of one item (a registration, an order), which share one timestamp,
 * each derived table here is ordered by a timestamp of its own, and that timestamp is its
 * modeling decision: the latest reading carries the reading's own time, so the newest
 * reading wins whatever the arrival order; a rollup carries the moment its raw hour was
 * read, so the recompute that saw more readings wins. A copy therefore returns whole
 * writes, each with its timestamp, rather than statements for a shared one.
 */
public interface ReadingCopy {

	/**
	 * The writes that bring this table up to date with a change: idempotent statements,
	 * no lightweight transactions, each write with the timestamp that orders it.
	 * @param change the readings just stored
	 * @return the writes, built once the raw rows are readable
	 */
	Flux<DenormalizedWrite> write(ReadingChange change);

}
