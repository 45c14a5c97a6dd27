package dev.querydriven.blogplatform.comment;

import java.time.Instant;
import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.modeling.catalog.ServesQuery;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Repository;

/**
 * {@code comments_by_post}: a post's comments, oldest first (Q3).
 */
@Repository
class CommentRepository {

	private static final String COLUMNS = "post_id, created_at, comment_id, author_name, comment_text";

	private final CqlSession session;

	private final PreparedStatement selectFirst;

	private final PreparedStatement selectAfter;

	private final PreparedStatement insert;

	private final PreparedStatement deleteAll;

	CommentRepository(CqlSession session) {
		this.session = session;
		this.selectFirst = session.prepare("SELECT " + COLUMNS + " FROM comments_by_post WHERE post_id = ? LIMIT ?");
		this.selectAfter = session.prepare("SELECT " + COLUMNS + " FROM comments_by_post WHERE post_id = ? "
				+ "AND (created_at, comment_id) > (?, ?) LIMIT ?");
		this.insert = session.prepare("INSERT INTO comments_by_post (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?)");
		this.deleteAll = session.prepare("DELETE FROM comments_by_post WHERE post_id = ?");
	}

	/**
	 * A post's comments, oldest first, from one partition. LOCAL_QUORUM: a commenter
	 * reloads the thread right after commenting, and a quorum read after a quorum write
	 * always shows the comment.
	 * @param postId the post
	 * @param afterTime the time of the last comment of the previous page, or {@code null}
	 * @param afterId the id of that comment
	 * @param limit the most rows to read
	 * @return the rows, oldest first
	 */
	@ServesQuery("Q3")
	Flux<CommentsByPostRow> findOldestFirstByPost(UUID postId, Instant afterTime, UUID afterId, int limit) {
		BoundStatement select = (afterTime != null) ? this.selectAfter.bind(postId, afterTime, afterId, limit)
				: this.selectFirst.bind(postId, limit);
		return Flux
			.from(this.session
				.executeReactive(select.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM).setIdempotent(true)))
			.map(CommentRepository::toRow);
	}

	/**
	 * Adds a comment. LOCAL_QUORUM (see the read), idempotent: the key is the comment's
	 * own, so a retried insert writes the same row.
	 * @param comment the comment
	 * @return completion
	 */
	Mono<Void> insert(CommentsByPostRow comment) {
		BoundStatement insert = this.insert
			.bind(comment.postId(), comment.createdAt(), comment.commentId(), comment.authorName(),
					comment.commentText())
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true);
		return Flux.from(this.session.executeReactive(insert)).then();
	}

	/**
	 * The removal of a post's whole thread: one partition tombstone, not one per comment.
	 * @param postId the post
	 * @return the statement, for the post's denormalized write
	 */
	BoundStatement deleteAll(UUID postId) {
		return this.deleteAll.bind(postId);
	}

	private static CommentsByPostRow toRow(Row row) {
		return new CommentsByPostRow(row.getUuid("post_id"), row.getInstant("created_at"), row.getUuid("comment_id"),
				row.getString("author_name"), row.getString("comment_text"));
	}

}
