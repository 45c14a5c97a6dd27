package dev.querydriven.modeling.dualwrite;

import java.util.List;
import java.util.Objects;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Writes every {@link Copy} of a change, the same way for every source of truth: each
 * copy's work before the write, then one {@link DenormalizedWrite} holding the owner's
 * own statements and every copy's (one client timestamp, idempotent statements), then the
 * owner's work after the write, then each copy's.
 *
 * <pre class="code">
 * Copies&lt;OrderChange&gt; copies = new Copies&lt;&gt;(orderCopies, dualWriter);
 * copies.write(change, DenormalizedWrite.builder("place order " + id)
 *     .strategy(WriteStrategy.PARALLEL)
 *     .timestamp(order.copyTimestamp()));
 * </pre>
 *
 * Copies add their statements one at a time, in order (the builder is not thread-safe),
 * and their work before the write runs copy by copy. Their work after the write runs
 * concurrently (a rollup and a latest reading need not wait for each other), after the
 * owner's own: a copy's work after the write must not rely on another copy's. When that
 * work fails, the write did land: the failure is an {@link AfterWriteException}.
 *
 * @param <C> the change the owner announces
 */
public final class Copies<C> {

	private final List<Copy<C>> copies;

	private final DualWriter writer;

	/**
	 * A coordinator.
	 * @param copies every copy of the source, in the order their work runs
	 * @param writer the writer of the one write
	 */
	public Copies(List<? extends Copy<C>> copies, DualWriter writer) {
		this.copies = List.copyOf(copies);
		this.writer = Objects.requireNonNull(writer, "writer");
	}

	/**
	 * Writes a change and every copy of it.
	 * @param change the change
	 * @param write the change's one write: the owner's own statements (if any), its
	 * timestamp (or none for the writer's clock) and its strategy
	 * @return the write's timestamp, once every copy's work is done
	 */
	public Mono<Long> write(C change, DenormalizedWrite.Builder write) {
		return write(change, write, Copy.AfterWrite.NOTHING);
	}

	/**
	 * Writes a change and every copy of it, with the owner's own work after the write (a
	 * counter: it takes no client timestamp and is not idempotent, so it is never part of
	 * the one write), which runs before the copies' work after the write.
	 * @param change the change
	 * @param write the change's one write
	 * @param ownerAfterWrite the owner's work once the write is done
	 * @return the write's timestamp, once every copy's work is done; an
	 * {@link AfterWriteException} when the write landed and the work after it failed
	 */
	public Mono<Long> write(C change, DenormalizedWrite.Builder write, Copy.AfterWrite ownerAfterWrite) {
		return Flux.fromIterable(this.copies)
			.concatMap((copy) -> copy.beforeWrite(change))
			.collectList()
			.flatMap((afterWrites) -> Flux.fromIterable(this.copies)
				.concatMap((copy) -> copy.write(write, change))
				.then(Mono.defer(() -> execute(write)))
				.flatMap((timestamp) -> afterWrite(write.description(), timestamp, ownerAfterWrite, afterWrites)));
	}

	/**
	 * The one write, or, when neither the owner nor any copy put a statement in it (every
	 * copy writes on its own, with a timestamp of its own), just its timestamp.
	 */
	private Mono<Long> execute(DenormalizedWrite.Builder write) {
		if (write.hasStatements()) {
			return this.writer.execute(write.build());
		}
		return Mono.just(write.timestamp().orElseGet(() -> this.writer.timeSource().nowMicros()));
	}

	private static Mono<Long> afterWrite(String description, long timestamp, Copy.AfterWrite owner,
			List<Copy.AfterWrite> copies) {
		return owner.run(timestamp)
			.thenMany(Flux.fromIterable(copies).flatMap((copy) -> copy.run(timestamp)))
			.then(Mono.just(timestamp))
			.onErrorMap((failure) -> !(failure instanceof AfterWriteException),
					(failure) -> new AfterWriteException(description, timestamp, failure));
	}

	/**
	 * The copies this coordinator writes, in order.
	 * @return the copies
	 */
	public List<Copy<C>> copies() {
		return this.copies;
	}

}
