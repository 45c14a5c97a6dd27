package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.datastax.dse.driver.api.core.cql.reactive.ReactiveRow;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.catalog.ServesQuery;
import dev.querydriven.modeling.fanout.TimelinePosition;
import dev.querydriven.socialfeed.post.PostsByIdRow;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Repository;

/**
 * {@code user_timeline} (Q6), {@code timeline_deliveries_by_post} (Q16),
 * {@code high_fanout_authors} (Q13), {@code high_fanout_following_by_user} (Q14) and
 * {@code timeline_hidden_authors} (Q15).
 */
@Repository
class TimelineRepository {

	/** Q6's bucket size: see the package documentation for the arithmetic. */
	static final BucketGranularity TIMELINE_BUCKET = BucketGranularity.DAY;

	/**
	 * Everything the timeline writes and reads is at LOCAL_QUORUM: a 201 for a post means
	 * a quorum of every follower's timeline replicas holds it, and a quorum read sees it.
	 * The mode of an author (pushed or pulled) and the follow rows meet at quorum too, so
	 * that a follow racing with the author's promotion is never lost (see
	 * {@link TimelineFanOut}).
	 */
	private static final ConsistencyLevel TIMELINE = ConsistencyLevel.LOCAL_QUORUM;

	private final CqlSession session;

	private final PreparedStatement insertEntry;

	private final PreparedStatement deleteEntry;

	private final PreparedStatement selectEntries;

	private final PreparedStatement selectEntriesAfter;

	private final PreparedStatement insertDelivery;

	private final PreparedStatement selectDeliveries;

	private final PreparedStatement deleteDeliveries;

	private final PreparedStatement selectHighFanoutAuthor;

	private final PreparedStatement promote;

	private final PreparedStatement markMigrated;

	private final PreparedStatement insertHighFanoutFollowing;

	private final PreparedStatement deleteHighFanoutFollowing;

	private final PreparedStatement selectHighFanoutFollowing;

	private final PreparedStatement insertHiddenAuthor;

	private final PreparedStatement selectHiddenAuthors;

	TimelineRepository(CqlSession session) {
		this.session = session;
		this.insertEntry = session.prepare("INSERT INTO user_timeline (user_id, day, post_time, post_id, author_id, "
				+ "content, hashtags) VALUES (?, ?, ?, ?, ?, ?, ?) USING TTL ?");
		this.deleteEntry = session
			.prepare("DELETE FROM user_timeline WHERE user_id = ? AND day = ? AND post_time = ? AND post_id = ?");
		String entries = "SELECT user_id, day, post_time, post_id, author_id, content, hashtags FROM user_timeline "
				+ "WHERE user_id = ? AND day = ? AND post_time >= ?";
		this.selectEntries = session.prepare(entries + " AND post_time < ? LIMIT ?");
		this.selectEntriesAfter = session.prepare(entries + " AND (post_time, post_id) < (?, ?) LIMIT ?");
		this.insertDelivery = session
			.prepare("INSERT INTO timeline_deliveries_by_post (post_id, recipient_id) VALUES (?, ?) USING TTL ?");
		this.selectDeliveries = session
			.prepare("SELECT recipient_id FROM timeline_deliveries_by_post WHERE post_id = ?");
		this.deleteDeliveries = session.prepare("DELETE FROM timeline_deliveries_by_post WHERE post_id = ?");
		this.selectHighFanoutAuthor = session
			.prepare("SELECT author_id, since, followers_migrated FROM high_fanout_authors WHERE author_id = ?");
		this.promote = session.prepare("INSERT INTO high_fanout_authors (author_id, since, followers_migrated) "
				+ "VALUES (?, ?, false) IF NOT EXISTS");
		this.markMigrated = session.prepare("UPDATE high_fanout_authors SET followers_migrated = true "
				+ "WHERE author_id = ? IF followers_migrated = false");
		this.insertHighFanoutFollowing = session
			.prepare("INSERT INTO high_fanout_following_by_user (user_id, author_id, since) VALUES (?, ?, ?)");
		this.deleteHighFanoutFollowing = session
			.prepare("DELETE FROM high_fanout_following_by_user WHERE user_id = ? AND author_id = ?");
		this.selectHighFanoutFollowing = session
			.prepare("SELECT user_id, author_id, since FROM high_fanout_following_by_user WHERE user_id = ?");
		this.insertHiddenAuthor = session.prepare(
				"INSERT INTO timeline_hidden_authors (user_id, author_id, hidden_before) VALUES (?, ?, ?) USING TTL ?");
		this.selectHiddenAuthors = session
			.prepare("SELECT user_id, author_id, hidden_before FROM timeline_hidden_authors WHERE user_id = ?");
	}

	/**
	 * Copies a post into one reader's timeline, expiring with the timeline's retention.
	 * @param userId the reader
	 * @param post the post
	 * @param ttlSeconds how long the entry stays
	 * @return the statement
	 */
	@ServesQuery("Q6")
	Statement<?> insertEntry(UUID userId, PostsByIdRow post, int ttlSeconds) {
		return this.insertEntry
			.bind(userId, post.day().date(), post.createdAt(), post.postId(), post.authorId(), post.content(),
					post.hashtags(), ttlSeconds)
			.setConsistencyLevel(TIMELINE);
	}

	@ServesQuery("Q6")
	Statement<?> deleteEntry(UUID userId, PostsByIdRow post) {
		return this.deleteEntry.bind(userId, post.day().date(), post.createdAt(), post.postId())
			.setConsistencyLevel(TIMELINE);
	}

	/**
	 * Reads one day of a reader's timeline: the single-partition query the timeline walk
	 * is made of.
	 * @param userId the reader
	 * @param slice the day and the instants to cover
	 * @param after the last position already returned, or {@code null}
	 * @param limit the most rows
	 * @return the entries, newest first
	 */
	@ServesQuery("Q6")
	Flux<UserTimelineRow> findEntries(UUID userId, BucketSlice slice, TimelinePosition after, int limit) {
		BoundStatement statement = (after != null)
				? this.selectEntriesAfter.bind(userId, slice.bucket().date(), slice.from(), after.time(), after.id(),
						limit)
				: this.selectEntries.bind(userId, slice.bucket().date(), slice.from(), slice.to(), limit);
		return execute(statement.setConsistencyLevel(TIMELINE).setIdempotent(true))
			.map((row) -> new UserTimelineRow(row.getUuid("user_id"), row.getLocalDate("day"),
					row.getInstant("post_time"), row.getUuid("post_id"), row.getUuid("author_id"),
					row.getString("content"), row.getSet("hashtags", String.class)));
	}

	/**
	 * Records the recipients of a post's fan-out. All rows belong to one partition (the
	 * post's), so they go as single-partition batches: one mutation per batch, the one
	 * case where a batch saves work rather than adding it.
	 * @param postId the post
	 * @param recipients a chunk of recipients (kept small: batches above 5 KiB warn)
	 * @param ttlSeconds how long the record is needed: as long as the copies live
	 * @return the statement
	 */
	@ServesQuery("Q16")
	Statement<?> insertDeliveries(UUID postId, List<UUID> recipients, int ttlSeconds) {
		BatchStatement batch = BatchStatement.newInstance(DefaultBatchType.UNLOGGED);
		for (UUID recipient : recipients) {
			batch = batch.add(this.insertDelivery.bind(postId, recipient, ttlSeconds));
		}
		return batch.setConsistencyLevel(TIMELINE);
	}

	@ServesQuery("Q16")
	Flux<UUID> findRecipients(UUID postId) {
		return execute(this.selectDeliveries.bind(postId).setConsistencyLevel(TIMELINE).setIdempotent(true))
			.map((row) -> row.getUuid("recipient_id"));
	}

	@ServesQuery("Q16")
	Statement<?> deleteDeliveries(UUID postId) {
		return this.deleteDeliveries.bind(postId).setConsistencyLevel(TIMELINE);
	}

	@ServesQuery("Q13")
	Mono<HighFanoutAuthorsRow> findHighFanoutAuthor(UUID authorId) {
		return execute(this.selectHighFanoutAuthor.bind(authorId).setConsistencyLevel(TIMELINE).setIdempotent(true))
			.next()
			.map((row) -> new HighFanoutAuthorsRow(row.getUuid("author_id"), row.getInstant("since"),
					row.getBoolean("followers_migrated")));
	}

	/**
	 * Makes an author high-fanout, once: of two requests crossing the threshold together,
	 * exactly one applies.
	 * @param authorId the author
	 * @param since when followers start pulling
	 * @return whether this call promoted the author
	 */
	@ServesQuery("Q13")
	Mono<Boolean> promote(UUID authorId, Instant since) {
		return applied(this.promote.bind(authorId, since));
	}

	@ServesQuery("Q13")
	Mono<Boolean> markMigrated(UUID authorId) {
		return applied(this.markMigrated.bind(authorId));
	}

	@ServesQuery("Q14")
	Statement<?> insertHighFanoutFollowing(UUID userId, UUID authorId, Instant since) {
		return this.insertHighFanoutFollowing.bind(userId, authorId, since).setConsistencyLevel(TIMELINE);
	}

	@ServesQuery("Q14")
	Statement<?> deleteHighFanoutFollowing(UUID userId, UUID authorId) {
		return this.deleteHighFanoutFollowing.bind(userId, authorId).setConsistencyLevel(TIMELINE);
	}

	@ServesQuery("Q14")
	Flux<HighFanoutFollowingByUserRow> findHighFanoutFollowing(UUID userId) {
		return execute(this.selectHighFanoutFollowing.bind(userId).setConsistencyLevel(TIMELINE).setIdempotent(true))
			.map((row) -> new HighFanoutFollowingByUserRow(row.getUuid("user_id"), row.getUuid("author_id"),
					row.getInstant("since")));
	}

	@ServesQuery("Q15")
	Statement<?> insertHiddenAuthor(UUID userId, UUID authorId, Instant hiddenBefore, int ttlSeconds) {
		return this.insertHiddenAuthor.bind(userId, authorId, hiddenBefore, ttlSeconds).setConsistencyLevel(TIMELINE);
	}

	@ServesQuery("Q15")
	Flux<TimelineHiddenAuthorsRow> findHiddenAuthors(UUID userId) {
		return execute(this.selectHiddenAuthors.bind(userId).setConsistencyLevel(TIMELINE).setIdempotent(true))
			.map((row) -> new TimelineHiddenAuthorsRow(row.getUuid("user_id"), row.getUuid("author_id"),
					row.getInstant("hidden_before")));
	}

	/**
	 * Executes a statement with a write timestamp, idempotent (for the single-partition
	 * batches of {@link #insertDeliveries}).
	 * @param statement the statement
	 * @param timestampMicros the write timestamp
	 * @return completes when written
	 */
	Mono<Void> write(Statement<?> statement, long timestampMicros) {
		return execute(statement.setQueryTimestamp(timestampMicros).setIdempotent(true)).then();
	}

	private Mono<Boolean> applied(BoundStatement lightweightTransaction) {
		return execute(lightweightTransaction.setSerialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
			.setConsistencyLevel(TIMELINE)
			.setIdempotent(false)).next().map(ReactiveRow::wasApplied);
	}

	private Flux<ReactiveRow> execute(Statement<?> statement) {
		return Flux.from(this.session.executeReactive(statement));
	}

}
