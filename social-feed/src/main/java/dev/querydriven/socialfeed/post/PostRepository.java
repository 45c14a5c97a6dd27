package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Set;
import java.util.UUID;

import com.datastax.dse.driver.api.core.cql.reactive.ReactiveRow;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.catalog.ServesQuery;
import dev.querydriven.modeling.fanout.TimelinePosition;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Repository;

/**
 * {@code posts_by_id} (Q9), {@code posts_by_user} (Q2), {@code posts_by_hashtag} (Q5) and
 * {@code hashtag_days} (Q10).
 */
@Repository
class PostRepository {

	/** Q2's bucket size: see the package documentation for the arithmetic. */
	static final BucketGranularity USER_BUCKET = BucketGranularity.MONTH;

	/** Q5's bucket size. */
	static final BucketGranularity HASHTAG_BUCKET = BucketGranularity.DAY;

	/**
	 * Post copies are written at LOCAL_QUORUM, and read at LOCAL_QUORUM by the author's
	 * own views (a post by id, the author's list): an author sees a post they just
	 * published, and a delete finds every copy the post was written to.
	 */
	private static final ConsistencyLevel POSTS = ConsistencyLevel.LOCAL_QUORUM;

	/**
	 * A hashtag's list is a public discovery feed, the hottest read of a popular tag: it
	 * reads one replica (LOCAL_ONE); a post appearing a moment late there is acceptable.
	 */
	private static final ConsistencyLevel HASHTAG_FEED = ConsistencyLevel.LOCAL_ONE;

	private final CqlSession session;

	private final PreparedStatement insertById;

	private final PreparedStatement deleteById;

	private final PreparedStatement selectById;

	private final PreparedStatement insertByUser;

	private final PreparedStatement deleteByUser;

	private final PreparedStatement selectByUser;

	private final PreparedStatement selectByUserAfter;

	private final PreparedStatement insertByHashtag;

	private final PreparedStatement deleteByHashtag;

	private final PreparedStatement selectByHashtag;

	private final PreparedStatement selectByHashtagAfter;

	private final PreparedStatement insertHashtagDay;

	private final PreparedStatement selectHashtagDays;

	private final PreparedStatement selectHashtagDaysUpTo;

	PostRepository(CqlSession session) {
		this.session = session;
		this.insertById = session.prepare(
				"INSERT INTO posts_by_id (post_id, author_id, content, hashtags, created_at) VALUES (?, ?, ?, ?, ?)");
		this.deleteById = session.prepare("DELETE FROM posts_by_id WHERE post_id = ?");
		this.selectById = session
			.prepare("SELECT post_id, author_id, content, hashtags, created_at FROM posts_by_id WHERE post_id = ?");
		this.insertByUser = session.prepare("INSERT INTO posts_by_user (user_id, month, post_time, post_id, content, "
				+ "hashtags) VALUES (?, ?, ?, ?, ?, ?)");
		this.deleteByUser = session
			.prepare("DELETE FROM posts_by_user WHERE user_id = ? AND month = ? AND post_time = ? AND post_id = ?");
		// One bucket partition, between the slice's instants, newest first. A next page
		// continues strictly after the last (post_time, post_id) it returned: that tuple
		// replaces the slice's end (Cassandra takes one end bound per clustering column).
		String byUser = "SELECT user_id, month, post_time, post_id, content, hashtags FROM posts_by_user "
				+ "WHERE user_id = ? AND month = ? AND post_time >= ?";
		this.selectByUser = session.prepare(byUser + " AND post_time < ? LIMIT ?");
		this.selectByUserAfter = session.prepare(byUser + " AND (post_time, post_id) < (?, ?) LIMIT ?");
		this.insertByHashtag = session.prepare("INSERT INTO posts_by_hashtag (hashtag, day, post_time, post_id, "
				+ "author_id, content, hashtags) VALUES (?, ?, ?, ?, ?, ?, ?)");
		this.deleteByHashtag = session
			.prepare("DELETE FROM posts_by_hashtag WHERE hashtag = ? AND day = ? AND post_time = ? AND post_id = ?");
		String byHashtag = "SELECT hashtag, day, post_time, post_id, author_id, content, hashtags "
				+ "FROM posts_by_hashtag WHERE hashtag = ? AND day = ? AND post_time >= ?";
		this.selectByHashtag = session.prepare(byHashtag + " AND post_time < ? LIMIT ?");
		this.selectByHashtagAfter = session.prepare(byHashtag + " AND (post_time, post_id) < (?, ?) LIMIT ?");
		this.insertHashtagDay = session.prepare("INSERT INTO hashtag_days (hashtag, day) VALUES (?, ?)");
		this.selectHashtagDays = session.prepare("SELECT day FROM hashtag_days WHERE hashtag = ?");
		this.selectHashtagDaysUpTo = session.prepare("SELECT day FROM hashtag_days WHERE hashtag = ? AND day <= ?");
	}

	@ServesQuery("Q9")
	Statement<?> insertById(PostsByIdRow post) {
		return this.insertById.bind(post.postId(), post.authorId(), post.content(), post.hashtags(), post.createdAt())
			.setConsistencyLevel(POSTS);
	}

	@ServesQuery("Q9")
	Statement<?> deleteById(PostsByIdRow post) {
		return this.deleteById.bind(post.postId()).setConsistencyLevel(POSTS);
	}

	@ServesQuery("Q9")
	Mono<PostsByIdRow> findById(UUID postId) {
		return execute(this.selectById.bind(postId).setConsistencyLevel(POSTS)).next()
			.map((row) -> new PostsByIdRow(row.getUuid("post_id"), row.getUuid("author_id"), row.getString("content"),
					tags(row), row.getInstant("created_at")));
	}

	@ServesQuery("Q2")
	Statement<?> insertByUser(PostsByIdRow post) {
		return this.insertByUser
			.bind(post.authorId(), month(post.createdAt()), post.createdAt(), post.postId(), post.content(),
					post.hashtags())
			.setConsistencyLevel(POSTS);
	}

	@ServesQuery("Q2")
	Statement<?> deleteByUser(PostsByIdRow post) {
		return this.deleteByUser.bind(post.authorId(), month(post.createdAt()), post.createdAt(), post.postId())
			.setConsistencyLevel(POSTS);
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
		BoundStatement statement = (after != null)
				? this.selectByUserAfter.bind(userId, month, slice.from(), after.time(), after.id(), limit)
				: this.selectByUser.bind(userId, month, slice.from(), slice.to(), limit);
		return execute(statement.setConsistencyLevel(POSTS))
			.map((row) -> new PostsByUserRow(row.getUuid("user_id"), row.getString("month"),
					row.getInstant("post_time"), row.getUuid("post_id"), row.getString("content"), tags(row)));
	}

	@ServesQuery("Q5")
	Statement<?> insertByHashtag(String hashtag, PostsByIdRow post) {
		return this.insertByHashtag
			.bind(hashtag, post.day().date(), post.createdAt(), post.postId(), post.authorId(), post.content(),
					post.hashtags())
			.setConsistencyLevel(POSTS);
	}

	@ServesQuery("Q5")
	Statement<?> deleteByHashtag(String hashtag, PostsByIdRow post) {
		return this.deleteByHashtag.bind(hashtag, post.day().date(), post.createdAt(), post.postId())
			.setConsistencyLevel(POSTS);
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
		BoundStatement statement = (after != null)
				? this.selectByHashtagAfter.bind(hashtag, day, slice.from(), after.time(), after.id(), limit)
				: this.selectByHashtag.bind(hashtag, day, slice.from(), slice.to(), limit);
		return execute(statement.setConsistencyLevel(HASHTAG_FEED))
			.map((row) -> new PostsByHashtagRow(row.getString("hashtag"), row.getLocalDate("day"),
					row.getInstant("post_time"), row.getUuid("post_id"), row.getUuid("author_id"),
					row.getString("content"), tags(row)));
	}

	/**
	 * Records that a tag was used on a day. Every post of the tag that day rewrites the
	 * same cell: an idempotent upsert, no read before the write.
	 * @param hashtag the tag
	 * @param post the post
	 * @return the statement
	 */
	@ServesQuery("Q10")
	Statement<?> insertHashtagDay(String hashtag, PostsByIdRow post) {
		return this.insertHashtagDay.bind(hashtag, post.day().date()).setConsistencyLevel(POSTS);
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
		BoundStatement statement = (upTo != null) ? this.selectHashtagDaysUpTo.bind(hashtag, upTo)
				: this.selectHashtagDays.bind(hashtag);
		return execute(statement.setConsistencyLevel(HASHTAG_FEED))
			.map((row) -> Bucket.of(HASHTAG_BUCKET, row.getLocalDate("day").atStartOfDay(ZoneOffset.UTC).toInstant()));
	}

	private Flux<ReactiveRow> execute(Statement<?> statement) {
		return Flux.from(this.session.executeReactive(statement.setIdempotent(true)));
	}

	static String month(Instant time) {
		return Bucket.of(USER_BUCKET, time).key();
	}

	private static Set<String> tags(Row row) {
		return row.getSet("hashtags", String.class);
	}

}
