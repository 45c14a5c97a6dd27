package dev.querydriven.socialfeed.timeline;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.dualwrite.LightweightTransactions;
import dev.querydriven.modeling.spring.EntityStatements;
import dev.querydriven.socialfeed.paging.TimelinePosition;
import dev.querydriven.socialfeed.post.PostsByIdRow;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.core.DeleteOptions;
import org.springframework.data.cassandra.core.EntityWriteResult;
import org.springframework.data.cassandra.core.InsertOptions;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.UpdateOptions;
import org.springframework.data.cassandra.core.convert.CassandraConverter;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.cql.ReactiveCqlOperations;
import org.springframework.data.cassandra.core.cql.RowMapper;
import org.springframework.data.cassandra.core.cql.WriteOptions;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.data.cassandra.core.query.Update;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

/**
 * {@code user_timeline} (Q6), {@code timeline_deliveries_by_post} (Q16),
 * {@code high_fanout_authors} (Q13), {@code high_fanout_following_by_user} (Q14) and
 * {@code timeline_hidden_authors} (Q15). Every read restricts the full partition key.
 *
 * <p>
 * Everything the timeline writes and reads is at {@code LOCAL_QUORUM}: a 201 for a post
 * means a quorum of every follower's timeline replicas holds it, and a quorum read sees
 * it. The mode of an author (pushed or pulled) and the follow rows meet at quorum too, so
 * that a follow racing with the author's promotion is never lost (see
 * {@link TimelineFanOut}).
 */
@Repository
class TimelineRepository {

	/** Q6's bucket size: see the package documentation for the arithmetic. */
	static final BucketGranularity TIMELINE_BUCKET = BucketGranularity.DAY;

	/**
	 * A day's first page. The home timeline's reads (this one, the next page, the hidden
	 * and the pulled authors) run on the CQL template, not the entity template: see
	 * {@link #read}.
	 */
	private static final String FIRST_PAGE = "SELECT * FROM user_timeline "
			+ "WHERE user_id = ? AND day = ? AND post_time >= ? AND post_time < ? LIMIT ?";

	/**
	 * The next page of one day of a reader's timeline: strictly after the last entry
	 * read, compared on the whole clustering key (a tuple comparison, which Spring Data's
	 * {@code Criteria} cannot say). Catalogued with Q6.
	 */
	private static final String NEXT_PAGE = "SELECT * FROM user_timeline "
			+ "WHERE user_id = ? AND day = ? AND post_time >= ? AND (post_time, post_id) < (?, ?) LIMIT ?";

	/**
	 * Q14: the high-fanout authors a reader pulls, at most as many as a page may merge
	 * (and one more, to know whether some were left out).
	 */
	private static final String PULLED_AUTHORS = "SELECT * FROM high_fanout_following_by_user WHERE user_id = ? LIMIT ?";

	/** Q15: the authors a reader hid. */
	private static final String HIDDEN_AUTHORS = "SELECT * FROM timeline_hidden_authors WHERE user_id = ?";

	/** The column a fan-out binds once per recipient. */
	private static final String RECIPIENT = "user_id";

	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	private static final WriteOptions COPY = WriteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.build();

	private static final InsertOptions PROMOTE = InsertOptions.builder()
		.withIfNotExists()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.serialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
		.build();

	private final ReactiveCassandraOperations template;

	private final EntityStatements statements;

	private final ReactiveCqlOperations cql;

	private final CassandraConverter converter;

	private final RowMapper<UserTimelineRow> entries;

	TimelineRepository(ReactiveCassandraOperations template, EntityStatements statements,
			UserTimelineRowReader reader) {
		this.template = template;
		this.statements = statements;
		this.cql = template.getReactiveCqlOperations();
		this.converter = template.getConverter();
		this.entries = (row, rowNumber) -> reader.convert(row);
	}

	/**
	 * The copy of a post for any reader's timeline, expiring with the timeline's
	 * retention: prepared and bound once, then given each recipient's id (a fan-out
	 * writes the same row into many partitions).
	 * @param post the post
	 * @param ttl how long the entries stay
	 * @return the statement for a recipient
	 */
	@ServesQuery("Q6")
	Mono<Function<UUID, Statement<?>>> insertEntries(PostsByIdRow post, Duration ttl) {
		return this.statements.insert(UserTimelineRow.of(post.authorId(), post), withTtl(ttl)).map(perRecipient());
	}

	@ServesQuery("Q6")
	Mono<Function<UUID, Statement<?>>> deleteEntries(PostsByIdRow post) {
		return this.statements.delete(UserTimelineRow.of(post.authorId(), post), COPY).map(perRecipient());
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
		if (after == null) {
			return read(FIRST_PAGE, this.entries, userId, slice.bucket().date(), slice.from(), slice.to(), limit);
		}
		return read(NEXT_PAGE, this.entries, userId, slice.bucket().date(), slice.from(), after.time(), after.id(),
				limit);
	}

	/**
	 * Records the recipients of a post's fan-out. All rows belong to one partition (the
	 * post's), so they go as a single-partition batch: one mutation per batch, the one
	 * case where a batch saves work rather than adding it. Idempotent, with the fan-out's
	 * timestamp.
	 * @param postId the post
	 * @param recipients a chunk of recipients (kept small: batches above 5 KiB warn)
	 * @param ttl how long the record is needed: as long as the copies live
	 * @param timestampMicros the fan-out's write timestamp
	 * @return completes when written
	 */
	@ServesQuery("Q16")
	Mono<Void> insertDeliveries(UUID postId, List<UUID> recipients, Duration ttl, long timestampMicros) {
		return this.statements.insert(new TimelineDeliveriesByPostRow(postId, postId), withTtl(ttl))
			.flatMap((delivery) -> {
				List<BatchableStatement<?>> rows = new ArrayList<>(recipients.size());
				for (UUID recipient : recipients) {
					rows.add(delivery.setUuid("recipient_id", recipient));
				}
				BatchStatement batch = BatchStatement.newInstance(DefaultBatchType.UNLOGGED, rows)
					.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
					.setQueryTimestamp(timestampMicros)
					.setIdempotent(true);
				return this.template.getReactiveCqlOperations().execute(batch);
			})
			.then();
	}

	@ServesQuery("Q16")
	Flux<UUID> findRecipients(UUID postId) {
		return this.template
			.select(Query.query(where("postId").is(postId)).queryOptions(READ), TimelineDeliveriesByPostRow.class)
			.map(TimelineDeliveriesByPostRow::recipientId);
	}

	@ServesQuery("Q16")
	Mono<BoundStatement> deleteDeliveries(UUID postId) {
		return this.statements.delete(Query.query(where("postId").is(postId)).queryOptions(COPY),
				TimelineDeliveriesByPostRow.class);
	}

	@ServesQuery("Q13")
	Mono<HighFanoutAuthorsRow> findHighFanoutAuthor(UUID authorId) {
		return this.template
			.select(Query.query(where("authorId").is(authorId)).queryOptions(READ), HighFanoutAuthorsRow.class)
			.next();
	}

	/**
	 * Makes an author high-fanout, once: of two requests crossing the threshold together,
	 * exactly one applies. A promotion whose answer was lost is retried and then does not
	 * apply: the caller finishes the promotion as if another request had won.
	 * @param authorId the author
	 * @param since when followers start pulling
	 * @return whether this call promoted the author
	 */
	@ServesQuery("Q13")
	Mono<Boolean> promote(UUID authorId, Instant since) {
		return LightweightTransactions
			.execute(Mono.defer(() -> this.template.insert(new HighFanoutAuthorsRow(authorId, since, false), PROMOTE))
				.map(EntityWriteResult::wasApplied));
	}

	@ServesQuery("Q13")
	Mono<Boolean> markMigrated(UUID authorId) {
		// An IF condition is not mapped like the query and the update: it names the
		// column.
		UpdateOptions options = UpdateOptions.builder()
			.ifCondition(where("followers_migrated").is(false))
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.serialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
			.build();
		return LightweightTransactions.execute(
				Mono.defer(() -> this.template.update(Query.query(where("authorId").is(authorId)).queryOptions(options),
						Update.empty().set("followersMigrated", true), HighFanoutAuthorsRow.class)));
	}

	@ServesQuery("Q14")
	Mono<BoundStatement> insertHighFanoutFollowing(UUID userId, UUID authorId, Instant since) {
		return this.statements.insert(new HighFanoutFollowingByUserRow(userId, authorId, since), COPY);
	}

	/**
	 * The pull row of an author for any of their followers: prepared and bound once, then
	 * given each follower's id (the migration of a promoted author).
	 * @param authorId the author
	 * @param since the oldest post time the followers pull
	 * @return the statement for a follower
	 */
	@ServesQuery("Q14")
	Mono<Function<UUID, Statement<?>>> insertHighFanoutFollowings(UUID authorId, Instant since) {
		return insertHighFanoutFollowing(authorId, authorId, since).map(perRecipient());
	}

	@ServesQuery("Q14")
	Mono<BoundStatement> deleteHighFanoutFollowing(UUID userId, UUID authorId) {
		return this.statements.delete(new HighFanoutFollowingByUserRow(userId, authorId, null), COPY);
	}

	@ServesQuery("Q14")
	Flux<HighFanoutFollowingByUserRow> findHighFanoutFollowing(UUID userId, int limit) {
		return read(PULLED_AUTHORS, entity(HighFanoutFollowingByUserRow.class), userId, limit);
	}

	@ServesQuery("Q15")
	Mono<BoundStatement> insertHiddenAuthor(UUID userId, UUID authorId, Instant hiddenBefore, Duration ttl) {
		return this.statements.insert(new TimelineHiddenAuthorsRow(userId, authorId, hiddenBefore), withTtl(ttl));
	}

	/**
	 * The marker that hides an author from one reader (for a dual write): deleted when a
	 * follow of the two ends with an erasure.
	 * @param userId the reader
	 * @param authorId the author
	 * @return the statement
	 */
	@ServesQuery("Q15")
	Mono<BoundStatement> deleteHiddenAuthor(UUID userId, UUID authorId) {
		return this.statements.delete(new TimelineHiddenAuthorsRow(userId, authorId, null), COPY);
	}

	/**
	 * Every marker of an erased reader: one partition tombstone.
	 * @param userId the reader
	 * @return the statement
	 */
	@ServesQuery("Q15")
	Mono<BoundStatement> deleteHiddenAuthors(UUID userId) {
		return this.statements.delete(Query.query(where("userId").is(userId)).queryOptions(COPY),
				TimelineHiddenAuthorsRow.class);
	}

	/**
	 * Every pull row of an erased reader: one partition tombstone.
	 * @param userId the reader
	 * @return the statement
	 */
	@ServesQuery("Q14")
	Mono<BoundStatement> deletePulledAuthors(UUID userId) {
		return this.statements.delete(Query.query(where("userId").is(userId)).queryOptions(COPY),
				HighFanoutFollowingByUserRow.class);
	}

	/**
	 * One day of an erased reader's timeline: one partition tombstone.
	 * @param userId the reader
	 * @param day the day
	 * @return the statement
	 */
	@ServesQuery("Q6")
	Mono<BoundStatement> deleteDay(UUID userId, LocalDate day) {
		return this.statements.delete(Query.query(where("userId").is(userId), where("day").is(day)).queryOptions(COPY),
				UserTimelineRow.class);
	}

	/**
	 * The record that a post was delivered to one reader: deleted with the erased
	 * reader's timeline, as the record of a deleted post's recipients goes with the post.
	 * @param postId the post
	 * @param recipientId the erased reader
	 * @return the statement
	 */
	@ServesQuery("Q16")
	Mono<BoundStatement> deleteDelivery(UUID postId, UUID recipientId) {
		return this.statements.delete(new TimelineDeliveriesByPostRow(postId, recipientId), COPY);
	}

	/**
	 * Forgets that an erased author was high-fanout. The table takes lightweight
	 * transactions only (a promotion is one), so the delete is one too.
	 * @param authorId the erased author
	 * @return completes once the row is gone
	 */
	@ServesQuery("Q13")
	Mono<Boolean> forgetHighFanoutAuthor(UUID authorId) {
		DeleteOptions options = DeleteOptions.builder()
			.withIfExists()
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.serialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
			.build();
		return LightweightTransactions.execute(Mono.defer(() -> this.template
			.delete(Query.query(where("authorId").is(authorId)).queryOptions(options), HighFanoutAuthorsRow.class)));
	}

	@ServesQuery("Q15")
	Flux<TimelineHiddenAuthorsRow> findHiddenAuthors(UUID userId) {
		return read(HIDDEN_AUTHORS, entity(TimelineHiddenAuthorsRow.class), userId);
	}

	/**
	 * One of the home timeline's reads, on Spring Data's CQL template: the statement
	 * prepared once (by the service's session, which keeps it), bound, and each row
	 * mapped by the given mapper. The home timeline runs three or more of these per
	 * request, and the entity template (a statement or query per call, then the
	 * converter's dispatch per row) costs more client CPU than this path (the service
	 * README, "What it costs, measured"). The rows are still Spring Data's: the day pages
	 * by the row reader its converter uses, the author lists by the converter itself.
	 */
	private <T> Flux<T> read(String statement, RowMapper<T> rows, Object... values) {
		return this.cql.query(statement,
				(prepared) -> prepared.bind(values)
					.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
					.setIdempotent(true),
				rows);
	}

	private <T> RowMapper<T> entity(Class<T> type) {
		return (row, rowNumber) -> this.converter.read(type, row);
	}

	private static WriteOptions withTtl(Duration ttl) {
		return WriteOptions.builder().consistencyLevel(ConsistencyLevel.LOCAL_QUORUM).ttl(ttl).build();
	}

	private static Function<BoundStatement, Function<UUID, Statement<?>>> perRecipient() {
		return (statement) -> (recipient) -> statement.setUuid(RECIPIENT, recipient);
	}

}
