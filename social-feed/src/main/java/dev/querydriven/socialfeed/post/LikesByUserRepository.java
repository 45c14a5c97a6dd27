package dev.querydriven.socialfeed.post;

import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.spring.EntityStatements;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.cql.WriteOptions;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

/**
 * {@code likes_by_user} (Q21): the posts a user liked, the copy of {@code post_likers}
 * keyed by the liker. Its rows are written only as statements of a
 * {@link dev.querydriven.modeling.dualwrite.DenormalizedWrite}, which sets their client
 * timestamp (the like's {@code liked_at} for an insert, a later instant for an unlike's
 * delete): see {@link LikeService}.
 */
@Repository
class LikesByUserRepository {

	/**
	 * Read at quorum: an erasure that lists a user's likes right after the user's last
	 * like must find it (the like's copy is written at {@code LOCAL_QUORUM}).
	 */
	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.pageSize(500)
		.build();

	private static final WriteOptions COPY = WriteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.build();

	private final ReactiveCassandraOperations template;

	private final EntityStatements statements;

	LikesByUserRepository(ReactiveCassandraOperations template, EntityStatements statements) {
		this.template = template;
		this.statements = statements;
	}

	/**
	 * Every post a user liked, in post-id order, streamed page by page: one partition.
	 * @param userId the liker
	 * @return the user's likes
	 */
	@ServesQuery("Q21")
	Flux<LikesByUserRow> findLikes(UUID userId) {
		return this.template.select(Query.query(where("userId").is(userId)).queryOptions(READ), LikesByUserRow.class);
	}

	/**
	 * The copy of a like (for a dual write, which gives it the like's timestamp).
	 * @param like the like
	 * @return the statement
	 */
	@ServesQuery("Q21")
	Mono<BoundStatement> insertLike(LikesByUserRow like) {
		return this.statements.insert(like, COPY);
	}

	/**
	 * The removal of a like's copy (for a dual write, which gives it the unlike's
	 * timestamp).
	 * @param userId the liker
	 * @param postId the post
	 * @return the statement
	 */
	@ServesQuery("Q21")
	Mono<BoundStatement> deleteLike(UUID userId, UUID postId) {
		return this.statements.delete(new LikesByUserRow(userId, postId, null), COPY);
	}

}
