package dev.querydriven.blogplatform.comment;

import java.util.UUID;

import dev.querydriven.blogplatform.post.PostCopy;
import dev.querydriven.blogplatform.post.PostsByIdRow;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * A post's comments die with it: its deletion removes the comments partition (in the same
 * write as the copies) and then the comment count. Comments hold no copy of the post, so
 * a live version adds nothing.
 */
@Component
class CommentCopies implements PostCopy {

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

	@Override
	public Mono<Void> removeCounters(UUID postId) {
		return this.counts.delete(postId);
	}

}
