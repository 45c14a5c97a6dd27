package dev.querydriven.blogplatform;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reads every table of the service directly, by partition key, so that a test can check
 * each copy after each write (including the write timestamps of the copies).
 */
public final class BlogTables {

	private final CqlSession session;

	public BlogTables(CqlSession session) {
		this.session = session;
	}

	/**
	 * A post's row of posts_by_id.
	 * @param postId the post
	 * @return the row, or {@code null}
	 */
	public Row post(UUID postId) {
		return this.session.execute("SELECT * FROM posts_by_id WHERE post_id = ?", postId).one();
	}

	/**
	 * The rows of posts_by_author for an author, with the write time of every non-key
	 * column ({@code w1} title, {@code w2} category).
	 * @param authorId the author
	 * @return the rows, newest first
	 */
	public List<Row> authorPosts(UUID authorId) {
		return this.session
			.execute("SELECT post_id, created_at, title, category, WRITETIME(title) AS w1, WRITETIME(category) AS w2 "
					+ "FROM posts_by_author WHERE author_id = ?", authorId)
			.all();
	}

	/**
	 * The rows of the legacy posts_by_category_v1 for a category, with the write time of
	 * every non-key column ({@code w1} author_id, {@code w2} title).
	 * @param category the category
	 * @return the rows, newest first
	 */
	public List<Row> legacyCategoryPosts(String category) {
		return this.session
			.execute("SELECT post_id, created_at, author_id, title, WRITETIME(author_id) AS w1, "
					+ "WRITETIME(title) AS w2 FROM posts_by_category_v1 WHERE category = ?", category)
			.all();
	}

	/**
	 * The rows of the bucketed posts_by_category for a category in the month of an
	 * instant, with the write time of every non-key column ({@code w1} author_id,
	 * {@code w2} title).
	 * @param category the category
	 * @param createdAt an instant of the month
	 * @return the rows, newest first
	 */
	public List<Row> bucketedCategoryPosts(String category, Instant createdAt) {
		return this.session
			.execute(
					"SELECT post_id, created_at, author_id, title, WRITETIME(author_id) AS w1, "
							+ "WRITETIME(title) AS w2 FROM posts_by_category WHERE category = ? AND month = ?",
					category, month(createdAt))
			.all();
	}

	/**
	 * Every copy of a post version in the author's list and the legacy category table
	 * (the tables the service writes before the migration) is present, holds the
	 * version's values, and every copied column carries the version's timestamp: one
	 * write, one timestamp.
	 * @param postId the post
	 * @param authorId its author
	 * @param title the version's title
	 * @param category the version's category
	 * @param createdAt when it was published
	 * @param writeTime the version's timestamp (microseconds)
	 */
	public void assertCopies(UUID postId, UUID authorId, String title, String category, Instant createdAt,
			long writeTime) {
		assertThat(authorPosts(authorId)).filteredOn((row) -> row.getUuid("post_id").equals(postId))
			.singleElement()
			.satisfies((row) -> {
				assertThat(row.getString("title")).isEqualTo(title);
				assertThat(row.getString("category")).isEqualTo(category);
				assertThat(row.getInstant("created_at")).isEqualTo(createdAt);
				assertThat(List.of(row.getLong("w1"), row.getLong("w2"))).containsOnly(writeTime);
			});
		assertThat(legacyCategoryPosts(category)).filteredOn((row) -> row.getUuid("post_id").equals(postId))
			.singleElement()
			.satisfies((row) -> {
				assertThat(row.getString("title")).isEqualTo(title);
				assertThat(row.getUuid("author_id")).isEqualTo(authorId);
				assertThat(List.of(row.getLong("w1"), row.getLong("w2"))).containsOnly(writeTime);
			});
	}

	/**
	 * The copy of a post version in the bucketed category table holds its values, and
	 * every copied column carries the version's timestamp.
	 * @param postId the post
	 * @param authorId its author
	 * @param title the version's title
	 * @param category the version's category
	 * @param createdAt when it was published
	 * @param writeTime the version's timestamp (microseconds)
	 */
	public void assertBucketedCopy(UUID postId, UUID authorId, String title, String category, Instant createdAt,
			long writeTime) {
		assertThat(bucketedCategoryPosts(category, createdAt))
			.filteredOn((row) -> row.getUuid("post_id").equals(postId))
			.singleElement()
			.satisfies((row) -> {
				assertThat(row.getString("title")).isEqualTo(title);
				assertThat(row.getUuid("author_id")).isEqualTo(authorId);
				assertThat(List.of(row.getLong("w1"), row.getLong("w2"))).containsOnly(writeTime);
			});
		assertThat(categoryMonths(category)).contains(month(createdAt));
	}

	/**
	 * The months category_months lists for a category.
	 * @param category the category
	 * @return the month keys, newest first
	 */
	public List<String> categoryMonths(String category) {
		return this.session.execute("SELECT month FROM category_months WHERE category = ?", category)
			.all()
			.stream()
			.map((row) -> row.getString("month"))
			.toList();
	}

	/**
	 * The rows of comments_by_post for a post.
	 * @param postId the post
	 * @return the rows, oldest first
	 */
	public List<Row> comments(UUID postId) {
		return this.session.execute("SELECT * FROM comments_by_post WHERE post_id = ?", postId).all();
	}

	/**
	 * A post's view counter row.
	 * @param postId the post
	 * @return the row, or {@code null}
	 */
	public Row views(UUID postId) {
		return this.session.execute("SELECT views FROM post_views WHERE post_id = ?", postId).one();
	}

	/**
	 * A post's comment counter row.
	 * @param postId the post
	 * @return the row, or {@code null}
	 */
	public Row commentCount(UUID postId) {
		return this.session.execute("SELECT comments FROM comment_counts WHERE post_id = ?", postId).one();
	}

	/**
	 * A random category name, so that tests never share (or fill with tombstones) a
	 * category partition.
	 * @return e.g. {@code test-3f9a0c1b2d}
	 */
	public static String randomCategory() {
		return "test-" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
	}

	public static String month(Instant instant) {
		return Bucket.of(BucketGranularity.MONTH, instant).key();
	}

}
