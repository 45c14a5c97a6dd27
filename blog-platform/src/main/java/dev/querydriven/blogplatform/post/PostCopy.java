package dev.querydriven.blogplatform.post;

import java.util.UUID;

import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import reactor.core.publisher.Mono;

/**
 * A table holding a copy of a post (or data that dies with it): {@code posts_by_author},
 * the category tables, {@code comments_by_post}. Each feature that owns such a table
 * implements this interface, and {@link PostCopies} writes every copy of a version in one
 * {@link DenormalizedWrite}, with the version's timestamp. The post feature thus keeps
 * every copy in sync without depending on the features that read them: the one way copies
 * cross features in this project (a listener interface declared by the feature that owns
 * the source of truth, implemented by each feature that keeps a copy, contributing
 * statements to the owner's one write).
 */
public interface PostCopy {

	/**
	 * Adds this table's statements for a version of the post: idempotent inserts and
	 * deletes, no lightweight transactions, no timestamps of their own (the write carries
	 * one for all). For a live version, the insert under the current key, and the delete
	 * of the copy under the previous key when the version {@link PostsByIdRow#moved()
	 * moved} it (never a delete of the key being written: at equal timestamps a delete
	 * beats an insert). For a {@link PostsByIdRow#deleted() deletion} version, the
	 * removal of everything the table holds for the post.
	 * @param write the logical write being built (one copy at a time adds to it)
	 * @param version the version
	 * @return completes once the statements are added
	 */
	Mono<Void> write(DenormalizedWrite.Builder write, PostsByIdRow version);

	/**
	 * Removes what cannot join a denormalized write (counters, which take no client
	 * timestamp and cannot share a batch with other writes), after the copies are gone.
	 * @param postId the deleted post
	 * @return completion
	 */
	default Mono<Void> removeCounters(UUID postId) {
		return Mono.empty();
	}

}
