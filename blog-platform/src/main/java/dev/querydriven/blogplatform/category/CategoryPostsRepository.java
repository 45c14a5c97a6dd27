package dev.querydriven.blogplatform.category;

import java.time.Instant;
import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.blogplatform.post.PostPosition;
import dev.querydriven.blogplatform.post.PostsByIdRow;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.catalog.ServesQuery;
import reactor.core.publisher.Flux;

import org.springframework.stereotype.Repository;

/**
 * The bucketed {@code posts_by_category} (Q5) and its bucket index
 * {@code category_months} (Q8).
 */
@Repository
class CategoryPostsRepository {

	/** One partition per category and UTC month. */
	static final BucketGranularity GRANULARITY = BucketGranularity.MONTH;

	static final String COLUMNS = "category, month, created_at, post_id, author_id, title";

	private final CqlSession session;

	private final PreparedStatement selectFirst;

	private final PreparedStatement selectAfter;

	private final PreparedStatement selectMonths;

	private final PreparedStatement insert;

	private final PreparedStatement delete;

	private final PreparedStatement insertMonth;

	CategoryPostsRepository(CqlSession session) {
		this.session = session;
		this.selectFirst = session
			.prepare("SELECT " + COLUMNS + " FROM posts_by_category WHERE category = ? AND month = ? LIMIT ?");
		this.selectAfter = session.prepare("SELECT " + COLUMNS + " FROM posts_by_category WHERE category = ? "
				+ "AND month = ? AND (created_at, post_id) < (?, ?) LIMIT ?");
		this.selectMonths = session.prepare("SELECT month FROM category_months WHERE category = ?");
		this.insert = session.prepare("INSERT INTO posts_by_category (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?)");
		this.delete = session.prepare(
				"DELETE FROM posts_by_category WHERE category = ? AND month = ? AND created_at = ? AND post_id = ?");
		this.insertMonth = session.prepare("INSERT INTO category_months (category, month) VALUES (?, ?)");
	}

	/**
	 * The posts of one category in one month, newest first: one bounded partition.
	 * LOCAL_ONE: browsing a category tolerates a post appearing a moment late.
	 * @param category the category
	 * @param month the month bucket
	 * @param after where the previous page stopped in this month, or {@code null}
	 * @param limit the most rows to read
	 * @return the rows, newest first
	 */
	@ServesQuery("Q5")
	Flux<PostsByCategoryRow> findLatestInMonth(String category, Bucket month, PostPosition after, int limit) {
		BoundStatement select = (after != null)
				? this.selectAfter.bind(category, month.key(), after.createdAt(), after.postId(), limit)
				: this.selectFirst.bind(category, month.key(), limit);
		return Flux
			.from(this.session
				.executeReactive(select.setConsistencyLevel(ConsistencyLevel.LOCAL_ONE).setIdempotent(true)))
			.map(CategoryPostsRepository::toRow);
	}

	/**
	 * The months in which a category has (or had) posts, newest first: the exact list of
	 * buckets a category read walks. One small partition (twelve rows a year). LOCAL_ONE,
	 * like the page it bounds.
	 * @param category the category
	 * @return the month buckets, newest first
	 */
	@ServesQuery("Q8")
	Flux<Bucket> findMonths(String category) {
		return Flux.from(this.session.executeReactive(
				this.selectMonths.bind(category).setConsistencyLevel(ConsistencyLevel.LOCAL_ONE).setIdempotent(true)))
			.map((row) -> Bucket.parse(GRANULARITY, row.getString("month")));
	}

	BoundStatement insert(PostsByIdRow post) {
		return insert(post.category(), post.createdAt(), post.postId(), post.authorId(), post.title());
	}

	BoundStatement insert(String category, Instant createdAt, UUID postId, UUID authorId, String title) {
		return this.insert.bind(category, month(createdAt), createdAt, postId, authorId, title);
	}

	BoundStatement delete(String category, PostsByIdRow post) {
		return this.delete.bind(category, month(post.createdAt()), post.createdAt(), post.postId());
	}

	BoundStatement insertMonth(String category, Instant createdAt) {
		return this.insertMonth.bind(category, month(createdAt));
	}

	static String month(Instant createdAt) {
		return Bucket.of(GRANULARITY, createdAt).key();
	}

	static PostsByCategoryRow toRow(Row row) {
		return new PostsByCategoryRow(row.getString("category"), row.getString("month"), row.getInstant("created_at"),
				row.getUuid("post_id"), row.getUuid("author_id"), row.getString("title"));
	}

}
