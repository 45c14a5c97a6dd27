package dev.querydriven.blogplatform.comment;

import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import dev.querydriven.modeling.catalog.ServesQuery;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Repository;

/**
 * {@code comment_counts}: how many comments a post has, a counter (Q7).
 */
@Repository
class CommentCountRepository {

	private final CqlSession session;

	private final PreparedStatement selectCount;

	private final PreparedStatement increment;

	private final PreparedStatement delete;

	CommentCountRepository(CqlSession session) {
		this.session = session;
		this.selectCount = session.prepare("SELECT comments FROM comment_counts WHERE post_id = ?");
		this.increment = session.prepare("UPDATE comment_counts SET comments = comments + 1 WHERE post_id = ?");
		this.delete = session.prepare("DELETE FROM comment_counts WHERE post_id = ?");
	}

	/**
	 * How many comments a post has. Consistency ONE: the count only enforces a size
	 * bound, which tolerates being off by a few.
	 * @param postId the post
	 * @return the count, 0 when none
	 */
	@ServesQuery("Q7")
	Mono<Long> findCount(UUID postId) {
		return Flux
			.from(this.session.executeReactive(
					this.selectCount.bind(postId).setConsistencyLevel(ConsistencyLevel.ONE).setIdempotent(true)))
			.next()
			.map((row) -> row.getLong("comments"))
			.defaultIfEmpty(0L);
	}

	/**
	 * Counts one comment. ONE, and never retried (not idempotent): a lost increment lets
	 * a thread pass its cap by one, a doubled one ends it one early.
	 * @param postId the post
	 * @return completion
	 */
	Mono<Void> increment(UUID postId) {
		return Flux.from(this.session.executeReactive(
				this.increment.bind(postId).setConsistencyLevel(ConsistencyLevel.ONE).setIdempotent(false)))
			.then();
	}

	/**
	 * Removes a deleted post's count. LOCAL_QUORUM, like the other removals.
	 * @param postId the post
	 * @return completion
	 */
	Mono<Void> delete(UUID postId) {
		return Flux
			.from(this.session.executeReactive(
					this.delete.bind(postId).setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM).setIdempotent(true)))
			.then();
	}

}
