package dev.querydriven.socialfeed.post;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.spring.EntityStatements;
import dev.querydriven.socialfeed.paging.TimelinePosition;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.cql.WriteOptions;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

/**
 * {@code posts_by_id} (Q9), {@code posts_by_user} (Q2), {@code posts_by_hashtag} (Q5) and
 * {@code hashtag_days} (Q10). Every read restricts the full partition key.
 *
 * <p>
 * Post copies are written at {@code LOCAL_QUORUM}, and read at {@code LOCAL_QUORUM} by
 * the author's own views (a post by id, the author's list): an author sees a post they
 * just published, and a delete finds every copy the post was written to. A hashtag's list
 * is a public discovery feed, the hottest read of a popular tag: it reads one replica
 * ({@code LOCAL_ONE}); a post appearing a moment late there is acceptable.
 */
@Repository
class PostRepository {

	/** Q2's bucket size: see the package documentation for the arithmetic. */
	static final BucketGranularity USER_BUCKET = BucketGranularity.MONTH;

	/** Q5's bucket size. */
	static final BucketGranularity HASHTAG_BUCKET = BucketGranularity.DAY;

	/**
	 * The next page of one monthly bucket of a user's posts: strictly after the last row
	 * read, compared on the whole clustering key (a tuple comparison, which Spring Data's
	 * {@code Criteria} cannot say), so posts sharing a millisecond are neither skipped
	 * nor repeated. The tuple replaces the slice's end (Cassandra takes one end bound per
	 * clustering column). Catalogued with Q2.
	 */
	private static final String USER_NEXT_PAGE = "SELECT * FROM posts_by_user "
			+ "WHERE user_id = ? AND month = ? AND post_time >= ? AND (post_time, post_id) < (?, ?) LIMIT ?";

	/**
	 * The next page of one daily bucket of a tag's posts, the same way. Catalogued with
	 * Q5.
	 */
	private static final String HASHTAG_NEXT_PAGE = "SELECT * FROM posts_by_hashtag "
			+ "WHERE hashtag = ? AND day = ? AND post_time >= ? AND (post_time, post_id) < (?, ?) LIMIT ?";

	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	private static final QueryOptions HASHTAG_FEED = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_ONE)
		.idempotent(true)
		.build();

	private static final WriteOptions COPY = WriteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.build();

	private final ReactiveCassandraOperations template;

	private final EntityStatements statements;

	PostRepository(ReactiveCassandraOperations template, EntityStatements statements) {
		this.template = template;
		this.statements = statements;
	}

	@ServesQuery("Q9")
	Mono<BoundStatement> insertById(PostsByIdRow post) {
		return this.statements.insert(post, COPY);
	}

	@ServesQuery("Q9")
	Mono<BoundStatement> deleteById(PostsByIdRow post) {
		return this.statements.delete(post, COPY);
	}

	@ServesQuery("Q9")
	Mono<PostsByIdRow> findById(UUID postId) {
		return this.template.select(Query.query(where("postId").is(postId)).queryOptions(READ), PostsByIdRow.class)
			.next();
	}

	@ServesQuery("Q2")
	Mono<BoundStatement> insertByUser(PostsByIdRow post) {
		return this.statements.insert(PostsByUserRow.of(post), COPY);
	}

	@ServesQuery("Q2")
	Mono<BoundStatement> deleteByUser(PostsByIdRow post) {
		return this.statements.delete(PostsByUserRow.of(post), COPY);
	}

	/**
	 * Reads one monthly partition of a user's posts: the single-partition query
	 * {@link dev.querydriven.modeling.bucket.MultiBucketReader} walks.
	 * @param userId the author
	 * @param slice the month and the instants to cover
	 * @param after the last position already returned, or {@code null}
	 * @param limit the most rows
	 * @return the posts, newest first
	 */
	@ServesQuery("Q2")
	Flux<PostsByUserRow> findByUserBucket(UUID userId, BucketSlice slice, TimelinePosition after, int limit) {
		String month = slice.bucket().key();
		if (after == null) {
			return this.template.select(
					Query
						.query(where("userId").is(userId), where("month").is(month),
								where("postTime").gte(slice.from()), where("postTime").lt(slice.to()))
						.limit(limit)
						.queryOptions(READ),
					PostsByUserRow.class);
		}
		SimpleStatement next = SimpleStatement
			.newInstance(USER_NEXT_PAGE, userId, month, slice.from(), after.time(), after.id(), limit)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true);
		return this.template.select(next, PostsByUserRow.class);
	}

	@ServesQuery("Q5")
	Mono<BoundStatement> insertByHashtag(String hashtag, PostsByIdRow post) {
		return this.statements.insert(PostsByHashtagRow.of(hashtag, post), COPY);
	}

	@ServesQuery("Q5")
	Mono<BoundStatement> deleteByHashtag(String hashtag, PostsByIdRow post) {
		return this.statements.delete(PostsByHashtagRow.of(hashtag, post), COPY);
	}

	/**
	 * Reads one daily partition of a hashtag's posts.
	 * @param hashtag the tag
	 * @param slice the day and the instants to cover
	 * @param after the last position already returned, or {@code null}
	 * @param limit the most rows
	 * @return the posts, newest first
	 */
	@ServesQuery("Q5")
	Flux<PostsByHashtagRow> findByHashtagBucket(String hashtag, BucketSlice slice, TimelinePosition after, int limit) {
		LocalDate day = slice.bucket().date();
		if (after == null) {
			return this.template.select(Query
				.query(where("hashtag").is(hashtag), where("day").is(day), where("postTime").gte(slice.from()),
						where("postTime").lt(slice.to()))
				.limit(limit)
				.queryOptions(HASHTAG_FEED), PostsByHashtagRow.class);
		}
		SimpleStatement next = SimpleStatement
			.newInstance(HASHTAG_NEXT_PAGE, hashtag, day, slice.from(), after.time(), after.id(), limit)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_ONE)
			.setIdempotent(true);
		return this.template.select(next, PostsByHashtagRow.class);
	}

	/**
	 * Records that a tag was used on a day. Every post of the tag that day rewrites the
	 * same cell: an idempotent upsert, no read before the write.
	 * @param hashtag the tag
	 * @param post the post
	 * @return the statement
	 */
	@ServesQuery("Q10")
	Mono<BoundStatement> insertHashtagDay(String hashtag, PostsByIdRow post) {
		return this.statements.insert(new HashtagDaysRow(hashtag, post.day().date()), COPY);
	}

	/**
	 * The days a tag was used, newest first: the buckets Q5 walks. The whole partition is
	 * one small row per day of use (36 kB after ten years of daily use).
	 * @param hashtag the tag
	 * @param upTo the newest day to return, or {@code null} for all
	 * @return the day buckets, newest first
	 */
	@ServesQuery("Q10")
	Flux<Bucket> findHashtagDays(String hashtag, LocalDate upTo) {
		Query query = Query.query(where("hashtag").is(hashtag));
		if (upTo != null) {
			query = query.and(where("day").lte(upTo));
		}
		return this.template.select(query.queryOptions(HASHTAG_FEED), HashtagDaysRow.class)
			.map((row) -> Bucket.of(HASHTAG_BUCKET, row.day().atStartOfDay(ZoneOffset.UTC).toInstant()));
	}

}
