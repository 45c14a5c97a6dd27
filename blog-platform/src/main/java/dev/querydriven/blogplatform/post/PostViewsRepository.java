package dev.querydriven.blogplatform.post;

import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import dev.querydriven.modeling.ServesQuery;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.core.DeleteOptions;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.UpdateOptions;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.data.cassandra.core.query.Update;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

/**
 * {@code post_views}: a post's view count, a counter (Q6).
 *
 * <p>
 * A counter is not written like the other entities: it is never inserted or saved, only
 * incremented ({@code views = views + 1}), which Spring Data's {@link Update#increment}
 * says. The increment is not idempotent (a retried increment may count twice), so it is
 * never retried and takes no client timestamp: a counter cannot join a denormalized
 * write.
 */
@Repository
class PostViewsRepository {

	/**
	 * Consistency ONE, the article's own example: a displayed view count tolerates being
	 * a little behind, so one replica answers, fastest.
	 */
	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.ONE)
		.idempotent(true)
		.build();

	/**
	 * Consistency ONE (a lost or late view is acceptable), and not idempotent: an
	 * increment that timed out may have been applied, so the driver never retries it (the
	 * count may miss a view rather than count one twice).
	 */
	private static final UpdateOptions INCREMENT = UpdateOptions.builder()
		.consistencyLevel(ConsistencyLevel.ONE)
		.idempotent(false)
		.build();

	/** A removal is idempotent, unlike an increment; LOCAL_QUORUM like the others. */
	private static final DeleteOptions REMOVE = DeleteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	private final ReactiveCassandraOperations template;

	PostViewsRepository(ReactiveCassandraOperations template) {
		this.template = template;
	}

	/**
	 * Reads a post's views.
	 * @param postId the post
	 * @return the views, 0 when none were counted
	 */
	@ServesQuery("Q6")
	Mono<Long> findViews(UUID postId) {
		return this.template.select(query(postId).queryOptions(READ), PostViewsRow.class)
			.next()
			.map(PostViewsRow::views)
			.defaultIfEmpty(0L);
	}

	/**
	 * Counts one view.
	 * @param postId the post
	 * @return completion
	 */
	Mono<Void> increment(UUID postId) {
		return this.template
			.update(query(postId).queryOptions(INCREMENT), Update.empty().increment("views", 1L), PostViewsRow.class)
			.then();
	}

	/**
	 * Removes a deleted post's counter.
	 * @param postId the post
	 * @return completion
	 */
	Mono<Void> delete(UUID postId) {
		return this.template.delete(query(postId).queryOptions(REMOVE), PostViewsRow.class).then();
	}

	private static Query query(UUID postId) {
		return Query.query(where("postId").is(postId));
	}

}
