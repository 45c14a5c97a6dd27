package dev.querydriven.blogplatform.category;

import java.time.Instant;
import java.util.UUID;

import dev.querydriven.blogplatform.post.PostsByIdRow;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;

import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q5: a row of the bucketed {@code posts_by_category}, one partition per category and UTC
 * month, newest post first. The month bounds the partition and moves a busy category's
 * writes to a new partition every month.
 *
 * @param category first part of the partition key
 * @param month second part of the partition key: the UTC month of {@code createdAt}
 * ({@code 2026-05})
 * @param createdAt when the post was published
 * @param postId the post, ending the clustering key
 * @param authorId copied from {@code posts_by_id}
 * @param title copied from {@code posts_by_id}
 */
@Table("posts_by_category")
record PostsByCategoryRow(@PrimaryKeyColumn(name = "category", ordinal = 0, type = PARTITIONED) String category,
		@PrimaryKeyColumn(name = "month", ordinal = 1, type = PARTITIONED) String month,
		@PrimaryKeyColumn(name = "created_at", ordinal = 2, type = CLUSTERED,
				ordering = Ordering.DESCENDING) Instant createdAt,
		@PrimaryKeyColumn(name = "post_id", ordinal = 3, type = CLUSTERED, ordering = Ordering.DESCENDING) UUID postId,
		@Column("author_id") UUID authorId, String title) {

	/** One partition per category and UTC month. */
	static final BucketGranularity GRANULARITY = BucketGranularity.MONTH;

	/**
	 * The copy of a post version under a category, in its month.
	 * @param category the category (the current one, or the one a move left)
	 * @param post the version
	 * @return the row
	 */
	static PostsByCategoryRow of(String category, PostsByIdRow post) {
		return of(new CategoryPost(category, post.createdAt(), post.postId(), post.authorId(), post.title()));
	}

	/**
	 * The row of a post in its month.
	 * @param post the post
	 * @return the row
	 */
	static PostsByCategoryRow of(CategoryPost post) {
		return new PostsByCategoryRow(post.category(), month(post.createdAt()), post.createdAt(), post.postId(),
				post.authorId(), post.title());
	}

	/**
	 * The month bucket of a publication time.
	 * @param createdAt the time
	 * @return the month key ({@code 2026-05})
	 */
	static String month(Instant createdAt) {
		return Bucket.of(GRANULARITY, createdAt).key();
	}

	/**
	 * The row as the migration compares it (the month follows from the time).
	 * @return the post
	 */
	CategoryPost toCategoryPost() {
		return new CategoryPost(this.category, this.createdAt, this.postId, this.authorId, this.title);
	}

}
