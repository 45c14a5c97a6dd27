package dev.querydriven.socialfeed.post;

import reactor.core.publisher.Mono;

/**
 * Told by {@link PostService} when a post is published or deleted, within the request.
 * The timeline implements it (fan-out on write), so that this package depends on no other
 * feature.
 */
public interface PostListener {

	/**
	 * A post was written to the post tables; copy it wherever it belongs.
	 * @param post the post
	 * @return completes when every copy is written (a 201 waits for it)
	 */
	Mono<Void> published(PostsByIdRow post);

	/**
	 * A post is being deleted; remove every copy made by {@link #published}, and whatever
	 * was needed to find them.
	 * @param post the post
	 * @param timestampMicros the delete's write timestamp
	 * @return completes when every copy is removed
	 */
	Mono<Void> deleting(PostsByIdRow post, long timestampMicros);

}
