package dev.querydriven.blogplatform.comment;

import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.CassandraType;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q7: a row of {@code comment_counts}, one partition per post: how many comments the post
 * has, a counter that enforces the thread's cap. Read as an entity; never inserted as one
 * (a counter only changes by increments, see {@code CommentCountRepository}).
 *
 * @param postId the post
 * @param comments how many comments were counted (approximate)
 */
@Table("comment_counts")
record CommentCountsRow(@PrimaryKeyColumn(name = "post_id", ordinal = 0, type = PARTITIONED) UUID postId,
		@CassandraType(type = CassandraType.Name.COUNTER) long comments) {

}
