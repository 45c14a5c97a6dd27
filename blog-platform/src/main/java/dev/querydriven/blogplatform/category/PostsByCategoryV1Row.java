package dev.querydriven.blogplatform.category;

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
 * Q4: a row of the legacy {@code posts_by_category_v1}, one partition per category (the
 * anti-pattern the migration showcase moves away from), newest post first.
 *
 * @param category the whole partition key: a handful of huge partitions
 * @param createdAt when the post was published
 * @param postId the post, ending the clustering key
 * @param authorId copied from {@code posts_by_id}
 * @param title copied from {@code posts_by_id}
 */
@Table("posts_by_category_v1")
record PostsByCategoryV1Row(@PrimaryKeyColumn(name = "category", ordinal = 0, type = PARTITIONED) String category,
		@PrimaryKeyColumn(name = "created_at", ordinal = 1, type = CLUSTERED,
				ordering = Ordering.DESCENDING) Instant createdAt,
		@PrimaryKeyColumn(name = "post_id", ordinal = 2, type = CLUSTERED, ordering = Ordering.DESCENDING) UUID postId,
		@Column("author_id") UUID authorId, String title) {

	/**
	 * The copy of a post version under a category.
	 * @param category the category (the current one, or the one a move left)
	 * @param post the version
	 * @return the row
	 */
	static PostsByCategoryV1Row of(String category, PostsByIdRow post) {
		return new PostsByCategoryV1Row(category, post.createdAt(), post.postId(), post.authorId(), post.title());
	}

	/**
	 * The row as the migration compares it.
	 * @return the post
	 */
	CategoryPost toCategoryPost() {
		return new CategoryPost(this.category, this.createdAt, this.postId, this.authorId, this.title);
	}

}
