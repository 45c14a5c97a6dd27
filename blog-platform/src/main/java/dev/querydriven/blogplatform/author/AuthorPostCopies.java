package dev.querydriven.blogplatform.author;

import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.blogplatform.post.PostCopies;
import dev.querydriven.blogplatform.post.PostsByIdRow;
import reactor.core.publisher.Flux;

import org.springframework.stereotype.Component;

/**
 * Keeps {@code posts_by_author} in sync with {@code posts_by_id}: its key (author,
 * publication time, id) never changes, so every version is an upsert of the same row.
 */
@Component
class AuthorPostCopies implements PostCopies {

	private final AuthorPostsRepository repository;

	AuthorPostCopies(AuthorPostsRepository repository) {
		this.repository = repository;
	}

	@Override
	public Flux<Statement<?>> write(PostsByIdRow post) {
		return Flux.just(this.repository.insert(post));
	}

	@Override
	public Flux<Statement<?>> remove(PostsByIdRow post) {
		return Flux.just(this.repository.delete(post));
	}

}
