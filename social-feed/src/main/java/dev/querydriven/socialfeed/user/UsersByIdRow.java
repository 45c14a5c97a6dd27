package dev.querydriven.socialfeed.user;

import java.time.Instant;
import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q1: a row of {@code users_by_id}, one partition per user: a user's profile, the source
 * of truth for a user.
 *
 * @param userId the user's id
 * @param username the unique username, lower-case
 * @param email the unique email, lower-case
 * @param displayName the name shown to others
 * @param createdAt when the user registered: the oldest instant any of their data can
 * have, which bounds the walk over their post buckets
 */
@Table("users_by_id")
public record UsersByIdRow(@PrimaryKeyColumn(name = "user_id", ordinal = 0, type = PARTITIONED) UUID userId,
		String username, String email, @Column("display_name") String displayName,
		@Column("created_at") Instant createdAt) {

}
