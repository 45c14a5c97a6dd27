package dev.querydriven.blogplatform.comment;

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
 * {@code comment_counts}: how many comments a post has, a counter (Q7).
 *
 * <p>
 * A counter is not written like the other entities: it is never inserted or saved, only
 * incremented ({@code comments = comments + 1}), which Spring Data's
 * {@link Update#increment} says. The increment is not idempotent, so it is never retried
 * and takes no client timestamp: a counter cannot join a denormalized write.
 */
@Repository
class CommentCountRepository {

	/**
	 * Consistency ONE: the count only enforces a size bound, which tolerates being off by
	 * a few.
	 */
	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.ONE)
		.idempotent(true)
		.build();

	/**
	 * ONE, and never retried (not idempotent): a lost increment lets a thread pass its
	 * cap by one, a doubled one ends it one early.
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

	CommentCountRepository(ReactiveCassandraOperations template) {
		this.template = template;
	}

	/**
	 * How many comments a post has.
	 * @param postId the post
	 * @return the count, 0 when none
	 */
	@ServesQuery("Q7")
	Mono<Long> findCount(UUID postId) {
		return this.template.select(query(postId).queryOptions(READ), CommentCountsRow.class)
			.next()
			.map(CommentCountsRow::comments)
			.defaultIfEmpty(0L);
	}

	/**
	 * Counts one comment.
	 * @param postId the post
	 * @return completion
	 */
	Mono<Void> increment(UUID postId) {
		return this.template
			.update(query(postId).queryOptions(INCREMENT), Update.empty().increment("comments", 1L),
					CommentCountsRow.class)
			.then();
	}

	/**
	 * Removes a deleted post's count.
	 * @param postId the post
	 * @return completion
	 */
	Mono<Void> delete(UUID postId) {
		return this.template.delete(query(postId).queryOptions(REMOVE), CommentCountsRow.class).then();
	}

	private static Query query(UUID postId) {
		return Query.query(where("postId").is(postId));
	}

}
