package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q13: a row of {@code high_fanout_authors}, one partition per author: an author whose
 * posts are pulled, not pushed. Written only by lightweight transactions.
 *
 * @param authorId the author
 * @param since the instant from which followers pull the author's posts
 * @param followersMigrated whether every follower at promotion time got a
 * {@code high_fanout_following_by_user} row
 */
@Table("high_fanout_authors")
record HighFanoutAuthorsRow(@PrimaryKeyColumn(name = "author_id", ordinal = 0, type = PARTITIONED) UUID authorId,
		Instant since, @Column("followers_migrated") boolean followersMigrated) {

}
