package dev.querydriven.socialfeed.post;

import java.util.List;

import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.dualwrite.WriteStrategy;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Writes a post change: the post feature's own rows and every {@link PostCopy}'s
 * statements in one {@link DenormalizedWrite} with the change's timestamp, and the
 * copies' fan-outs around it, with the same timestamp. {@code PARALLEL}, not a logged
 * batch: a post with ten hashtags writes over twenty partitions, and every statement is
 * idempotent, so retrying one on its own is safe. A statement that still fails after the
 * writer's retries is queued for the service's reconciler, which re-applies it with the
 * same timestamp; the request answers 503 (safe to retry).
 */
@Component
class PostCopies {

	private final List<PostCopy> copies;

	private final DualWriter writer;

	PostCopies(List<PostCopy> copies, DualWriter writer) {
		this.copies = List.copyOf(copies);
		this.writer = writer;
	}

	/**
	 * Writes a change: the copies' work before the write, then the one write.
	 * @param change the change, with its timestamp
	 * @param write the builder holding the post feature's own statements
	 * @return completes once every statement is written
	 */
	Mono<Void> write(PostChange change, DenormalizedWrite.Builder write) {
		return Flux.fromIterable(this.copies)
			.concatMap((copy) -> copy.beforeWrite(change))
			// One copy at a time: the builder is not thread-safe.
			.thenMany(Flux.fromIterable(this.copies).concatMap((copy) -> copy.write(write, change)))
			.then(Mono.defer(() -> this.writer
				.execute(write.strategy(WriteStrategy.PARALLEL).timestamp(change.timestampMicros()).build())))
			.then();
	}

	/**
	 * The copies' work after the write (the fan-out of a published post).
	 * @param change the change
	 * @return completes once every copy is written
	 */
	Mono<Void> afterWrite(PostChange change) {
		return Flux.fromIterable(this.copies).concatMap((copy) -> copy.afterWrite(change)).then();
	}

}
