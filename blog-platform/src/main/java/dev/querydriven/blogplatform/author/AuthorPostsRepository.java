package dev.querydriven.blogplatform.author;

import java.util.UUID;

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
 * {@code posts_by_author}: an author's posts, newest first (Q2).
 */
@Repository
class AuthorPostsRepository {

	private static final String COLUMNS = "author_id, created_at, post_id, title, category";

	private final CqlSession session;

	private final PreparedStatement selectFirst;

	private final PreparedStatement selectAfter;

	private final PreparedStatement insert;

	private final PreparedStatement delete;

	AuthorPostsRepository(CqlSession session) {
		this.session = session;
		this.selectFirst = session.prepare("SELECT " + COLUMNS + " FROM posts_by_author WHERE author_id = ? LIMIT ?");
		this.selectAfter = session.prepare("SELECT " + COLUMNS + " FROM posts_by_author WHERE author_id = ? "
				+ "AND (created_at, post_id) < (?, ?) LIMIT ?");
		this.insert = session.prepare("INSERT INTO posts_by_author (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?)");
		this.delete = session
			.prepare("DELETE FROM posts_by_author WHERE author_id = ? AND created_at = ? AND post_id = ?");
	}

	/**
	 * An author's posts, newest first, from one partition. LOCAL_QUORUM: authors open
	 * their list right after publishing or editing, and a quorum read after a quorum
	 * write always sees it.
	 * @param authorId the author
	 * @param after where the previous page stopped, or {@code null} for the first page
	 * @param limit the most rows to read
	 * @return the rows, newest first
	 */
	@ServesQuery("Q2")
	Flux<PostsByAuthorRow> findLatestByAuthor(UUID authorId, PostPosition after, int limit) {
		BoundStatement select = (after != null)
				? this.selectAfter.bind(authorId, after.createdAt(), after.postId(), limit)
				: this.selectFirst.bind(authorId, limit);
		return Flux
			.from(this.session
				.executeReactive(select.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM).setIdempotent(true)))
			.map(AuthorPostsRepository::toRow);
	}

	/**
	 * The copy of a post version (an upsert: a new title overwrites the old one).
	 * @param post the version
	 * @return the statement, for the post's denormalized write
	 */
	BoundStatement insert(PostsByIdRow post) {
		return this.insert.bind(post.authorId(), post.createdAt(), post.postId(), post.title(), post.category());
	}

	/**
	 * The removal of a post's copy.
	 * @param post the post
	 * @return the statement, for the post's denormalized write
	 */
	BoundStatement delete(PostsByIdRow post) {
		return this.delete.bind(post.authorId(), post.createdAt(), post.postId());
	}

	private static PostsByAuthorRow toRow(Row row) {
		return new PostsByAuthorRow(row.getUuid("author_id"), row.getInstant("created_at"), row.getUuid("post_id"),
				row.getString("title"), row.getString("category"));
	}

}
