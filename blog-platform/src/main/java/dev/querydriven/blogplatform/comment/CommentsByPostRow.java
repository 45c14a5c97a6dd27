package dev.querydriven.blogplatform.comment;

import java.time.Instant;
import java.util.UUID;

import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q3: a row of {@code comments_by_post}, one partition per post, oldest comment first:
 * one comment of a thread. The clustering key ends with the comment id, so two comments
 * written in the same millisecond are two rows.
 *
 * @param postId the post
 * @param createdAt when the comment was written
 * @param commentId the comment
 * @param authorName who wrote it (a display name: comments need no account)
 * @param commentText the comment
 */
@Table("comments_by_post")
record CommentsByPostRow(@PrimaryKeyColumn(name = "post_id", ordinal = 0, type = PARTITIONED) UUID postId,
		@PrimaryKeyColumn(name = "created_at", ordinal = 1, type = CLUSTERED,
				ordering = Ordering.ASCENDING) Instant createdAt,
		@PrimaryKeyColumn(name = "comment_id", ordinal = 2, type = CLUSTERED,
				ordering = Ordering.ASCENDING) UUID commentId,
		@Column("author_name") String authorName, @Column("comment_text") String commentText) {

}
