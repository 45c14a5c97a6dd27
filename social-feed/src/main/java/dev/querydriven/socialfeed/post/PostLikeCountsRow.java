package dev.querydriven.socialfeed.post;

import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.CassandraType;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q18: a row of {@code post_like_counts}, one partition per post: its like counter, read
 * as an entity and written only by increments (approximate: an increment is not
 * idempotent).
 *
 * @param postId the post
 * @param likes how many users liked it
 */
@Table("post_like_counts")
record PostLikeCountsRow(@PrimaryKeyColumn(name = "post_id", ordinal = 0, type = PARTITIONED) UUID postId,
		@CassandraType(type = CassandraType.Name.COUNTER) long likes) {

}
