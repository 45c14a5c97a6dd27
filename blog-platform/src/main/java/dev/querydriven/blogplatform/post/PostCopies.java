package dev.querydriven.blogplatform.post;

import java.util.List;
import java.util.UUID;

import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.dualwrite.Reconciler;
import dev.querydriven.modeling.dualwrite.WriteStrategy;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Writes every copy of a post version (every {@link PostCopy} bean) after its lightweight
 * transaction on {@code posts_by_id} applied: one {@link DenormalizedWrite} whose
 * statements all carry the version's {@link PostsByIdRow#writeTime() timestamp}. The
 * copies are plain idempotent writes, never part of the transaction: a request retried
 * after a failure between the decision and the copies replays the current version's
 * copies (same cells, same timestamp), which repairs them.
 *
 * <p>
 * A logged batch, because the copies are few and small (titles are bounded, so a batch
 * stays under the 5 KiB warning threshold) and the batch log then guarantees that once
 * the batch is accepted, every copy is eventually written.
 *
 * <p>
 * A batch that still fails after the writer's retries is queued for the service's
 * {@link Reconciler} (the shared auto-configuration runs its passes every few seconds),
 * which re-applies it with the same timestamp, and the request answers 503 (safe to
 * retry).
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
	 * Writes every copy of a version (or, for a deletion version, every removal).
	 * @param version the decided version
	 * @return completes once every copy is written
	 */
	Mono<Void> write(PostsByIdRow version) {
		return Mono.defer(() -> {
			String what = version.deleted() ? "remove copies of post " + version.postId()
					: "write copies of post " + version.postId() + " v" + version.version();
			DenormalizedWrite.Builder write = DenormalizedWrite.builder(what)
				.strategy(WriteStrategy.LOGGED_BATCH)
				.timestamp(version.writeTime());
			return Flux.fromIterable(this.copies)
				.concatMap((copy) -> copy.write(write, version))
				.then(Mono.defer(() -> this.writer.execute(write.build())))
				.then();
		});
	}

	/**
	 * Removes every counter a deleted post left (outside any denormalized write).
	 * @param postId the deleted post
	 * @return completion
	 */
	Mono<Void> removeCounters(UUID postId) {
		return Flux.fromIterable(this.copies).concatMap((copy) -> copy.removeCounters(postId)).then();
	}

}
