package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q14: a row of {@code high_fanout_following_by_user}, one partition per reader: a
 * high-fanout author the reader follows, merged into their timeline at read time.
 *
 * @param userId the reader
 * @param authorId the author
 * @param since the oldest post time the reader pulls (no backfill before it)
 */
@Table("high_fanout_following_by_user")
record HighFanoutFollowingByUserRow(@PrimaryKeyColumn(name = "user_id", ordinal = 0, type = PARTITIONED) UUID userId,
		@PrimaryKeyColumn(name = "author_id", ordinal = 1, type = CLUSTERED) UUID authorId, Instant since) {

}
