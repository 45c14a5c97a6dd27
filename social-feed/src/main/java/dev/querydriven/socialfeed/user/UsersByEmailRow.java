package dev.querydriven.socialfeed.user;

import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q8: a row of {@code users_by_email}, one partition per email: the email's claim, and
 * the way to find a user by it. Written only by lightweight transactions.
 *
 * @param email the lower-case email
 * @param userId the user holding it
 */
@Table("users_by_email")
record UsersByEmailRow(@PrimaryKeyColumn(name = "email", ordinal = 0, type = PARTITIONED) String email,
		@Column("user_id") UUID userId) {

}
