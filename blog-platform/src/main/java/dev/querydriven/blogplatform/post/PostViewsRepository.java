package dev.querydriven.blogplatform.post;

import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import dev.querydriven.modeling.catalog.ServesQuery;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Repository;

/**
 * {@code post_views}: a post's view count, a counter (Q6).
 */
@Repository
class PostViewsRepository {

	private final CqlSession session;

	private final PreparedStatement selectViews;

	private final PreparedStatement increment;

	private final PreparedStatement delete;

	PostViewsRepository(CqlSession session) {
		this.session = session;
		this.selectViews = session.prepare("SELECT views FROM post_views WHERE post_id = ?");
		this.increment = session.prepare("UPDATE post_views SET views = views + 1 WHERE post_id = ?");
		this.delete = session.prepare("DELETE FROM post_views WHERE post_id = ?");
	}

	/**
	 * Reads a post's views. Consistency ONE, the article's own example: a displayed view
	 * count tolerates being a little behind, so one replica answers, fastest.
	 * @param postId the post
	 * @return the views, 0 when none were counted
	 */
	@ServesQuery("Q6")
	Mono<Long> findViews(UUID postId) {
		return Flux
			.from(this.session.executeReactive(
					this.selectViews.bind(postId).setConsistencyLevel(ConsistencyLevel.ONE).setIdempotent(true)))
			.next()
			.map((row) -> row.getLong("views"))
			.defaultIfEmpty(0L);
	}

	/**
	 * Counts one view. Consistency ONE (a lost or late view is acceptable), and not
	 * idempotent: a counter increment that timed out may have been applied, so it is
	 * never retried (the count may miss a view rather than count one twice). It takes no
	 * client timestamp either: counters are approximate by nature.
	 * @param postId the post
	 * @return completion
	 */
	Mono<Void> increment(UUID postId) {
		return Flux.from(this.session.executeReactive(
				this.increment.bind(postId).setConsistencyLevel(ConsistencyLevel.ONE).setIdempotent(false)))
			.then();
	}

	/**
	 * Removes a deleted post's counter (a delete is idempotent, unlike an increment).
	 * LOCAL_QUORUM, like the other removals of a deletion.
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
