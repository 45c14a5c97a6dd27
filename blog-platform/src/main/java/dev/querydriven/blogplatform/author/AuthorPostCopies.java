package dev.querydriven.blogplatform.author;

import com.datastax.oss.driver.api.core.cql.BoundStatement;
import dev.querydriven.blogplatform.post.PostsByIdRow;
import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Keeps {@code posts_by_author} in sync with {@code posts_by_id}: its key (author,
 * publication time, id) never changes, so every version is an upsert of the same row, and
 * the deletion version removes it.
 */
@Component
class AuthorPostCopies implements Copy<PostsByIdRow> {

	private final AuthorPostsRepository repository;

	AuthorPostCopies(AuthorPostsRepository repository) {
		this.repository = repository;
	}

	@Override
	public Mono<Void> write(DenormalizedWrite.Builder write, PostsByIdRow version) {
		Mono<BoundStatement> statement = version.deleted() ? this.repository.delete(version)
				: this.repository.insert(version);
		return statement.doOnNext(write::put).then();
	}

}
