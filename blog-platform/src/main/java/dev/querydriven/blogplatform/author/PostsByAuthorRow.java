package dev.querydriven.blogplatform.author;

import java.time.Instant;
import java.util.UUID;

import dev.querydriven.blogplatform.post.PostsByIdRow;

import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q2: a row of {@code posts_by_author}, one partition per author, newest post first: one
 * of an author's posts, as their list shows it. The clustering key ends with the post id,
 * so two posts published in the same millisecond are two rows.
 *
 * @param authorId the author
 * @param createdAt when the post was published
 * @param postId the post
 * @param title copied from {@code posts_by_id}
 * @param category copied from {@code posts_by_id}
 */
@Table("posts_by_author")
record PostsByAuthorRow(@PrimaryKeyColumn(name = "author_id", ordinal = 0, type = PARTITIONED) UUID authorId,
		@PrimaryKeyColumn(name = "created_at", ordinal = 1, type = CLUSTERED,
				ordering = Ordering.DESCENDING) Instant createdAt,
		@PrimaryKeyColumn(name = "post_id", ordinal = 2, type = CLUSTERED, ordering = Ordering.DESCENDING) UUID postId,
		String title, String category) {

	/**
	 * The copy of a post version in its author's list.
	 * @param post the version
	 * @return the row
	 */
	static PostsByAuthorRow of(PostsByIdRow post) {
		return new PostsByAuthorRow(post.authorId(), post.createdAt(), post.postId(), post.title(), post.category());
	}

}
