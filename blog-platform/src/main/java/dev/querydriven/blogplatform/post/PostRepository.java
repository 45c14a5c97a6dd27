package dev.querydriven.blogplatform.post;

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
 * {@code posts_by_id}: the source of truth, read by id (Q1) and written only with
 * lightweight transactions.
 */
@Repository
class PostRepository {

	private static final String COLUMNS = "post_id, author_id, title, body, category, previous_category, created_at, "
			+ "version, write_time, deleted";

	private final CqlSession session;

	private final PreparedStatement selectById;

	private final PreparedStatement insertIfNotExists;

	private final PreparedStatement updateIfVersion;

	private final PreparedStatement deleteIfVersion;

	PostRepository(CqlSession session) {
		this.session = session;
		this.selectById = session.prepare("SELECT " + COLUMNS + " FROM posts_by_id WHERE post_id = ?");
		this.insertIfNotExists = session
			.prepare("INSERT INTO posts_by_id (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS");
		this.updateIfVersion = session.prepare("UPDATE posts_by_id SET title = ?, body = ?, category = ?, "
				+ "previous_category = ?, version = ?, write_time = ?, deleted = ? WHERE post_id = ? IF version = ?");
		this.deleteIfVersion = session.prepare("DELETE FROM posts_by_id WHERE post_id = ? IF version = ?");
	}

	/**
	 * Reads a post. LOCAL_QUORUM: lightweight transactions commit at LOCAL_QUORUM, so a
	 * quorum read always sees the latest decided version (read-your-writes after an
	 * edit).
	 * @param postId the post
	 * @return the post's current version, or empty when there is no such post
	 */
	@ServesQuery("Q1")
	Mono<PostsByIdRow> findById(UUID postId) {
		BoundStatement select = this.selectById.bind(postId)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true);
		return Flux.from(this.session.executeReactive(select)).next().map(PostRepository::toRow);
	}

	/**
	 * The creation of a post unless its id exists (a replayed creation, such as a re-run
	 * seeder, changes nothing): a lightweight transaction, run by the post's denormalized
	 * write before its copies ({@code DualWriter.executeIfApplied}).
	 * @param post the first version
	 * @return the statement
	 */
	BoundStatement insertIfNotExists(PostsByIdRow post) {
		return lwt(
				this.insertIfNotExists.bind(post.postId(), post.authorId(), post.title(), post.body(), post.category(),
						post.previousCategory(), post.createdAt(), post.version(), post.writeTime(), post.deleted()));
	}

	/**
	 * The replacement of the current version by the next one, if the current version is
	 * still the one the change was computed from (compare-and-set on {@code version}): of
	 * two concurrent edits, one applies and the other finds another version.
	 * @param next the next version
	 * @param expectedVersion the version it was computed from
	 * @return the statement
	 */
	BoundStatement updateIfVersion(PostsByIdRow next, int expectedVersion) {
		return lwt(this.updateIfVersion.bind(next.title(), next.body(), next.category(), next.previousCategory(),
				next.version(), next.writeTime(), next.deleted(), next.postId(), expectedVersion));
	}

	/**
	 * Removes the post's row once its copies are gone, if no one changed it meanwhile.
	 * @param postId the post
	 * @param version the deletion version
	 * @return whether the row was removed
	 */
	Mono<Boolean> deleteIfVersion(UUID postId, int version) {
		return Flux.from(this.session.executeReactive(lwt(this.deleteIfVersion.bind(postId, version))))
			.next()
			.map((row) -> row.wasApplied());
	}

	/**
	 * Prepares a lightweight transaction: LOCAL_SERIAL for the Paxos round (the decision
	 * is made by a quorum of the local datacenter's replicas), LOCAL_QUORUM for its
	 * commit. Never marked idempotent: a timed-out compare-and-set may or may not have
	 * applied, so the driver must not retry it blindly; the caller re-reads and decides.
	 */
	private static BoundStatement lwt(BoundStatement statement) {
		return statement.setSerialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(false);
	}

	private static PostsByIdRow toRow(Row row) {
		return new PostsByIdRow(row.getUuid("post_id"), row.getUuid("author_id"), row.getString("title"),
				row.getString("body"), row.getString("category"), row.getString("previous_category"),
				row.getInstant("created_at"), row.getInt("version"), row.getLong("write_time"),
				row.getBoolean("deleted"));
	}

}
