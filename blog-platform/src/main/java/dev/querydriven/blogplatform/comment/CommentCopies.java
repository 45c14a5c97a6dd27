package dev.querydriven.blogplatform.comment;

import java.util.UUID;

import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.blogplatform.post.PostCopies;
import dev.querydriven.blogplatform.post.PostsByIdRow;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * A post's comments die with it: its deletion removes the comments partition (in the same
 * write as the copies) and then the comment count.
 */
@Component
class CommentCopies implements PostCopies {

	private final CommentRepository comments;

	private final CommentCountRepository counts;

	CommentCopies(CommentRepository comments, CommentCountRepository counts) {
		this.comments = comments;
		this.counts = counts;
	}

	@Override
	public Flux<Statement<?>> write(PostsByIdRow post) {
		// Comments hold no copy of the post.
		return Flux.empty();
	}

	@Override
	public Flux<Statement<?>> remove(PostsByIdRow post) {
		return Flux.just(this.comments.deleteAll(post.postId()));
	}

	@Override
	public Mono<Void> removeCounters(UUID postId) {
		return this.counts.delete(postId);
	}

}
