package dev.querydriven.blogplatform.post;

import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.CassandraType;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q6: a row of {@code post_views}, one partition per post: the post's view count, a
 * counter. Read as an entity; never inserted as one (a counter only changes by
 * increments, see {@code PostViewsRepository}).
 *
 * @param postId the post
 * @param views how many views were counted (approximate)
 */
@Table("post_views")
record PostViewsRow(@PrimaryKeyColumn(name = "post_id", ordinal = 0, type = PARTITIONED) UUID postId,
		@CassandraType(type = CassandraType.Name.COUNTER) long views) {

}
