package dev.querydriven.blogplatform.post;

import java.util.UUID;

import com.datastax.oss.driver.api.core.cql.Statement;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A table holding a copy of a post (or data that dies with it), implemented by the
 * feature that owns the table. The post feature collects every implementation and writes
 * their statements in one denormalized write, with the version's timestamp.
 *
 * <p>
 * Statements must be plain, idempotent writes: replaying a version's statements with the
 * version's timestamp writes exactly the same cells.
 */
public interface PostCopies {

	/**
	 * The statements that bring this table's copy in line with a version of the post: an
	 * insert under the current key, and the delete of the copy under the previous key
	 * when the version {@link PostsByIdRow#moved() moved} it (never a delete of the key
	 * being written: at equal timestamps a delete beats an insert).
	 * @param post the version
	 * @return the statements, possibly none (a {@link Flux}, because where a copy goes
	 * may depend on state read from Cassandra, such as a table migration's phase)
	 */
	Flux<Statement<?>> write(PostsByIdRow post);

	/**
	 * The statements that remove everything this table holds for the post.
	 * @param post the deletion version (its category and previous category say where its
	 * copies may live)
	 * @return the statements, possibly none
	 */
	Flux<Statement<?>> remove(PostsByIdRow post);

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
