package dev.querydriven.socialfeed.post;

import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * The likes of a deleted post leave {@code likes_by_user} with it: the likers' copies
 * (Q21) are the one copy of a like kept outside the post's own partitions. Each liker's
 * row is its own partition, and a popular post has thousands, so they are deleted before
 * the post's one write ({@link Copy#beforeWrite}), a few at a time, each with the
 * deletion's timestamp: while this runs, {@code post_likers} still lists every liker, and
 * a deletion replayed after a crash here finds them again. A like racing with the
 * deletion and later than it keeps its copy, as it keeps its {@code post_likers} row: a
 * row nobody reads, for a post that is gone.
 */
@Component
class LikeCopies implements Copy<PostChange> {

	/** The likers' copies deleted at once. */
	private static final int CONCURRENCY = 8;

	private final LikeRepository likes;

	private final LikesByUserRepository likesByUser;

	private final DualWriter writer;

	LikeCopies(LikeRepository likes, LikesByUserRepository likesByUser, DualWriter writer) {
		this.likes = likes;
		this.likesByUser = likesByUser;
		this.writer = writer;
	}

	@Override
	public Mono<AfterWrite> beforeWrite(PostChange change) {
		if (change.kind() != PostChange.Kind.DELETED) {
			return Mono.just(AfterWrite.NOTHING);
		}
		return this.likes.findLikers(change.post().postId())
			.flatMap((liker) -> this.likesByUser.deleteLike(liker.userId(), liker.postId())
				.flatMap((statement) -> this.writer
					.execute(DenormalizedWrite.builder("like copy of deleted post " + liker.postId())
						.timestamp(change.timestampMicros())
						.put(statement)
						.build())),
					CONCURRENCY)
			.then(Mono.just(AfterWrite.NOTHING));
	}

}
