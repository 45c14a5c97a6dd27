package dev.querydriven.blogplatform.post;

import java.util.Set;

import dev.querydriven.writeintents.IntentReplayer;
import dev.querydriven.writeintents.WriteIntent;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Finishes the changes of posts that were cut short (a publication, an edit, a deletion),
 * for the write intents' sweeper: {@code posts_by_id} is changed only by lightweight
 * transactions, so the post is read at {@code SERIAL} and its copies rewritten from the
 * version found ({@link PostService#replay}).
 */
@Component
class PostIntentReplayer implements IntentReplayer {

	private final PostService posts;

	PostIntentReplayer(PostService posts) {
		this.posts = posts;
	}

	@Override
	public Set<String> kinds() {
		return Set.of(PostService.CREATED, PostService.EDITED, PostService.DELETED);
	}

	@Override
	public Mono<Void> replay(WriteIntent intent) {
		return this.posts.replay(intent);
	}

}
