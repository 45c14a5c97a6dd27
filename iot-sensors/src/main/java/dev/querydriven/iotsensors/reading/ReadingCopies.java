package dev.querydriven.iotsensors.reading;

import java.util.List;

import dev.querydriven.modeling.dualwrite.DualWriter;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Writes every table derived from a sensor's readings (every {@link ReadingCopy} bean)
 * after the raw rows are stored, through the service's {@link DualWriter}: a transient
 * failure is retried, and a write that still fails is queued for the reconciler (shared
 * auto-configuration runs its passes every few seconds), which re-applies it with the
 * same timestamp, so a repair never overwrites anything newer. The request then answers
 * 503: every statement of an ingestion is an idempotent upsert, so the client's retry is
 * safe too.
 *
 * <p>
 * The writes run {@code reading.write-concurrency} at a time: a batch spanning 25 hours
 * recomputes 25 rollups, not all at once.
 */
@Component
class ReadingCopies {

	private final List<ReadingCopy> copies;

	private final DualWriter writer;

	private final int concurrency;

	ReadingCopies(List<ReadingCopy> copies, DualWriter writer, ReadingProperties properties) {
		this.copies = List.copyOf(copies);
		this.writer = writer;
		this.concurrency = properties.writeConcurrency();
	}

	/**
	 * Writes every derived table for a change.
	 * @param change the readings just stored
	 * @return completes once every copy is written
	 */
	Mono<Void> write(ReadingChange change) {
		return Flux.fromIterable(this.copies)
			.flatMap((copy) -> copy.write(change), this.concurrency)
			.flatMap(this.writer::execute, this.concurrency)
			.then();
	}

}
