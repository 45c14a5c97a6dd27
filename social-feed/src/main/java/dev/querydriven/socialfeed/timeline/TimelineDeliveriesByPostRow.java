package dev.querydriven.socialfeed.timeline;

import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q16: a row of {@code timeline_deliveries_by_post}, one partition per post: a timeline
 * the post was copied to, so that deleting the post finds every copy. A table of key
 * columns only, written with the copies' TTL.
 *
 * @param postId the post
 * @param recipientId the reader whose timeline holds a copy
 */
@Table("timeline_deliveries_by_post")
record TimelineDeliveriesByPostRow(@PrimaryKeyColumn(name = "post_id", ordinal = 0, type = PARTITIONED) UUID postId,
		@PrimaryKeyColumn(name = "recipient_id", ordinal = 1, type = CLUSTERED) UUID recipientId) {

}
