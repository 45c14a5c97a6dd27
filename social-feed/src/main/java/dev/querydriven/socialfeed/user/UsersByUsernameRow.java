package dev.querydriven.socialfeed.user;

import java.time.Instant;
import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q7: a row of {@code users_by_username}, one partition per username: the username's
 * claim, and the way to find a user by it. Written only by lightweight transactions.
 *
 * @param username the lower-case username
 * @param userId the user holding it
 * @param displayName the display name of the registration that claimed it
 * @param createdAt that registration's time
 */
@Table("users_by_username")
record UsersByUsernameRow(@PrimaryKeyColumn(name = "username", ordinal = 0, type = PARTITIONED) String username,
		@Column("user_id") UUID userId, @Column("display_name") String displayName,
		@Column("created_at") Instant createdAt) {

}
