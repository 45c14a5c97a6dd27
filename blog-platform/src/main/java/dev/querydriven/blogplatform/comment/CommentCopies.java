package dev.querydriven.blogplatform.comment;

import dev.querydriven.blogplatform.post.PostsByIdRow;
import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * A post's comments die with it: its deletion removes the comments partition (in the same
 * write as the copies) and then the comment count. Comments hold no copy of the post, so
 * a live version adds nothing.
 */
@Component
class CommentCopies implements Copy<PostsByIdRow> {

	private final CommentRepository comments;

	private final CommentCountRepository counts;

	CommentCopies(CommentRepository comments, CommentCountRepository counts) {
		this.comments = comments;
		this.counts = counts;
	}

	@Override
	public Mono<Void> write(DenormalizedWrite.Builder write, PostsByIdRow version) {
		if (!version.deleted()) {
			return Mono.empty();
		}
		return this.comments.deleteAll(version.postId()).doOnNext(write::put).then();
	}

	/**
	 * A deleted post's comment count goes after its copies, outside their one write: a
	 * counter takes no client timestamp and shares no batch with other writes.
	 */
	@Override
	public Mono<AfterWrite> beforeWrite(PostsByIdRow version) {
		if (!version.deleted()) {
			return Mono.just(AfterWrite.NOTHING);
		}
		return Mono.just((timestampMicros) -> this.counts.delete(version.postId()));
	}

}
