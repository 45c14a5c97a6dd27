package dev.querydriven.blogplatform.category;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.blogplatform.post.PostPosition;
import dev.querydriven.blogplatform.post.PostsByIdRow;
import dev.querydriven.modeling.catalog.ServesQuery;
import reactor.core.publisher.Flux;

import org.springframework.stereotype.Repository;

/**
 * The legacy {@code posts_by_category_v1} (Q4): one partition per category, growing
 * forever. Kept on purpose as the "before" of the migration showcase.
 */
@Repository
class LegacyCategoryPostsRepository {

	static final String COLUMNS = "category, created_at, post_id, author_id, title";

	private final CqlSession session;

	private final PreparedStatement selectFirst;

	private final PreparedStatement selectAfter;

	private final PreparedStatement insert;

	private final PreparedStatement delete;

	LegacyCategoryPostsRepository(CqlSession session) {
		this.session = session;
		this.selectFirst = session
			.prepare("SELECT " + COLUMNS + " FROM posts_by_category_v1 WHERE category = ? LIMIT ?");
		this.selectAfter = session.prepare("SELECT " + COLUMNS + " FROM posts_by_category_v1 WHERE category = ? "
				+ "AND (created_at, post_id) < (?, ?) LIMIT ?");
		this.insert = session.prepare("INSERT INTO posts_by_category_v1 (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?)");
		this.delete = session
			.prepare("DELETE FROM posts_by_category_v1 WHERE category = ? AND created_at = ? AND post_id = ?");
	}

	/**
	 * A category's posts, newest first: one partition, but a partition holding every post
	 * the category ever had. LOCAL_ONE: browsing a category tolerates a post appearing a
	 * moment late.
	 * @param category the category
	 * @param after where the previous page stopped, or {@code null}
	 * @param limit the most rows to read
	 * @return the rows, newest first
	 */
	@ServesQuery("Q4")
	Flux<PostsByCategoryV1Row> findLatestByCategory(String category, PostPosition after, int limit) {
		BoundStatement select = (after != null)
				? this.selectAfter.bind(category, after.createdAt(), after.postId(), limit)
				: this.selectFirst.bind(category, limit);
		return Flux
			.from(this.session
				.executeReactive(select.setConsistencyLevel(ConsistencyLevel.LOCAL_ONE).setIdempotent(true)))
			.map(LegacyCategoryPostsRepository::toRow);
	}

	BoundStatement insert(PostsByIdRow post) {
		return this.insert.bind(post.category(), post.createdAt(), post.postId(), post.authorId(), post.title());
	}

	BoundStatement delete(String category, PostsByIdRow post) {
		return this.delete.bind(category, post.createdAt(), post.postId());
	}

	static PostsByCategoryV1Row toRow(Row row) {
		return new PostsByCategoryV1Row(row.getString("category"), row.getInstant("created_at"), row.getUuid("post_id"),
				row.getUuid("author_id"), row.getString("title"));
	}

}
