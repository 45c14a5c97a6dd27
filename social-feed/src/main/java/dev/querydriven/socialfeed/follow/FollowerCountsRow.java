package dev.querydriven.socialfeed.follow;

import java.util.UUID;

import org.springframework.data.annotation.PersistenceCreator;
import org.springframework.data.cassandra.core.mapping.CassandraType;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q12: a row of {@code follower_counts}, one partition per user: two counters,
 * approximate like every counter (an increment is not idempotent). Read as an entity;
 * written only by increments ({@code Update.increment}), never by an insert.
 *
 * @param userId the user
 * @param followers the user's current followers: decides fan-out or read-time merge
 * @param followsReceived every follow the user ever received, never decremented: numbers
 * the follower shards
 */
@Table("follower_counts")
record FollowerCountsRow(@PrimaryKeyColumn(name = "user_id", ordinal = 0, type = PARTITIONED) UUID userId,
		@CassandraType(type = CassandraType.Name.COUNTER) long followers,
		@Column("follows_received") @CassandraType(type = CassandraType.Name.COUNTER) long followsReceived) {

	/**
	 * The row as read: a counter never incremented reads as {@code null}, which is zero.
	 * {@code follows_received} came with follower shards: on a database that counted
	 * followers before them, a user nobody followed since has no such cell.
	 * @param userId the user
	 * @param followers the followers counter, or {@code null}
	 * @param followsReceived the follows-received counter, or {@code null}
	 */
	@PersistenceCreator
	FollowerCountsRow(UUID userId, Long followers, Long followsReceived) {
		this(userId, (followers != null) ? followers : 0, (followsReceived != null) ? followsReceived : 0);
	}

}
