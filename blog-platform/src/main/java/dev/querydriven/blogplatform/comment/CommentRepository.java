package dev.querydriven.blogplatform.comment;

import java.time.Instant;
import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.spring.EntityStatements;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.core.InsertOptions;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.cql.WriteOptions;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

/**
 * {@code comments_by_post}: a post's comments, oldest first (Q3). Every read restricts
 * the full partition key, the post.
 *
 * <p>
 * Consistency: {@code LOCAL_QUORUM} reads and writes: a commenter reloads the thread
 * right after commenting, and a quorum read after a quorum write always shows the
 * comment.
 */
@Repository
class CommentRepository {

	/**
	 * The next page of a thread: strictly after the last comment read, compared on the
	 * whole clustering key (a tuple comparison, which Spring Data's {@code Criteria}
	 * cannot say). Catalogued with Q3.
	 */
	private static final String NEXT_PAGE = "SELECT * FROM comments_by_post "
			+ "WHERE post_id = ? AND (created_at, comment_id) > (?, ?) LIMIT ?";

	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	private static final WriteOptions COPY = WriteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.build();

	private final ReactiveCassandraOperations template;

	private final EntityStatements statements;

	CommentRepository(ReactiveCassandraOperations template, EntityStatements statements) {
		this.template = template;
		this.statements = statements;
	}

	/**
	 * A post's comments, oldest first, from one partition.
	 * @param postId the post
	 * @param afterTime the time of the last comment of the previous page, or {@code null}
	 * @param afterId the id of that comment
	 * @param limit the most rows to read
	 * @return the rows, oldest first
	 */
	@ServesQuery("Q3")
	Flux<CommentsByPostRow> findOldestFirstByPost(UUID postId, Instant afterTime, UUID afterId, int limit) {
		if (afterTime == null) {
			return this.template.select(Query.query(where("postId").is(postId)).limit(limit).queryOptions(READ),
					CommentsByPostRow.class);
		}
		SimpleStatement next = SimpleStatement.newInstance(NEXT_PAGE, postId, afterTime, afterId, limit)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true);
		return this.template.select(next, CommentsByPostRow.class);
	}

	/**
	 * Adds a comment. Idempotent: the key is the comment's own, and the write carries its
	 * timestamp, so a retried insert writes the same cells. The timestamp comes from the
	 * service's time source, like the timestamp of the post's deletion that removes the
	 * thread: a comment written before the deletion is always older than its partition
	 * tombstone, whichever clock the driver would have used.
	 * @param comment the comment
	 * @param writeTime its write timestamp (microseconds)
	 * @return completion
	 */
	Mono<Void> insert(CommentsByPostRow comment, long writeTime) {
		InsertOptions options = InsertOptions.builder()
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.idempotent(true)
			.timestamp(writeTime)
			.build();
		return this.template.insert(comment, options).then();
	}

	/**
	 * The removal of a post's whole thread (one partition tombstone, not one per
	 * comment), for the post's denormalized write.
	 * @param postId the post
	 * @return the statement
	 */
	Mono<BoundStatement> deleteAll(UUID postId) {
		return this.statements.delete(Query.query(where("postId").is(postId)).queryOptions(COPY),
				CommentsByPostRow.class);
	}

}
