package dev.querydriven.socialfeed.post;

import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import reactor.core.publisher.Mono;

/**
 * A table holding a copy of a post outside the post feature (the timelines): each feature
 * owning such a table implements this interface, and {@link PostCopies} writes every copy
 * of a change with the post's one timestamp. The post feature thus keeps every copy in
 * sync without depending on the features that read them: the one way copies cross
 * features in this project (a listener interface declared by the feature that owns the
 * source of truth, implemented by each feature that keeps a copy, contributing statements
 * to the owner's one write).
 *
 * <p>
 * A copy written to one row per follower (a fan-out on write) is too many statements for
 * one write: it is its own pattern (the timeline feature's {@code FanOut}), run with the
 * change's timestamp, after the post's write when it is published (the copies then never
 * exist without their post) and before it when it is deleted (the post, which leads to
 * its copies, goes last).
 */
public interface PostCopy {

	/**
	 * Adds this feature's statements for a change to the post's one write: idempotent
	 * inserts and deletes, no lightweight transactions, no timestamps of their own.
	 * @param write the logical write being built (one copy at a time adds to it)
	 * @param change the change
	 * @return completes once the statements are added
	 */
	default Mono<Void> write(DenormalizedWrite.Builder write, PostChange change) {
		return Mono.empty();
	}

	/**
	 * Removes copies too many for one write (a fan-out) before a deleted post's write.
	 * @param change the deletion
	 * @return completes when they are removed
	 */
	default Mono<Void> beforeWrite(PostChange change) {
		return Mono.empty();
	}

	/**
	 * Writes copies too many for one write (a fan-out) after a published post's write.
	 * @param change the publication
	 * @return completes when they are written
	 */
	default Mono<Void> afterWrite(PostChange change) {
		return Mono.empty();
	}

}
