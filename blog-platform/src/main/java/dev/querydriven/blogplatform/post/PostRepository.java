package dev.querydriven.blogplatform.post;

import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.dualwrite.LightweightTransactions;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.core.DeleteOptions;
import org.springframework.data.cassandra.core.EntityWriteResult;
import org.springframework.data.cassandra.core.InsertOptions;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.UpdateOptions;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.data.cassandra.core.query.Update;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

/**
 * {@code posts_by_id}: the source of truth, read by id (Q1) and written only with
 * lightweight transactions: Paxos orders its writes by ballot, a plain write carries a
 * client timestamp, and the two do not serialise with each other, so mixing them on the
 * same cells could let a plain write silently undo a decided version.
 *
 * <p>
 * Consistency: reads at {@code LOCAL_QUORUM} (a transaction commits at
 * {@code LOCAL_QUORUM}, so a quorum read always sees the latest decided version:
 * read-your-writes after an edit); transactions at {@code LOCAL_SERIAL} for Paxos (a
 * quorum of the local data centre decides each version). The linearizable read
 * ({@code LOCAL_SERIAL}) finds out what happened when a creation did not apply. The
 * transactions are never marked idempotent: only {@link LightweightTransactions} retries
 * them, deliberately, when their outcome is unknown.
 */
@Repository
class PostRepository {

	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	private static final QueryOptions LINEARIZABLE_READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
		.idempotent(true)
		.build();

	private final ReactiveCassandraOperations template;

	PostRepository(ReactiveCassandraOperations template) {
		this.template = template;
	}

	/**
	 * Reads a post's current version.
	 * @param postId the post
	 * @return the post's current version, or empty when there is no such post
	 */
	@ServesQuery("Q1")
	Mono<PostsByIdRow> findById(UUID postId) {
		return this.template.select(query(postId).queryOptions(READ), PostsByIdRow.class).next();
	}

	/**
	 * Reads a post as Paxos sees it: completes any transaction in flight first. Used to
	 * find out whether a creation that did not apply was this request's own.
	 * @param postId the post
	 * @return the post, or empty
	 */
	@ServesQuery("Q1")
	Mono<PostsByIdRow> findByIdLinearizable(UUID postId) {
		return this.template.select(query(postId).queryOptions(LINEARIZABLE_READ), PostsByIdRow.class).next();
	}

	/**
	 * Creates a post unless its id exists ({@code INSERT ... IF NOT EXISTS}): a replayed
	 * creation, such as a re-run seeder, changes nothing.
	 * @param post the first version
	 * @return whether it was created
	 */
	Mono<Boolean> insertIfNotExists(PostsByIdRow post) {
		InsertOptions options = InsertOptions.builder()
			.withIfNotExists()
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.serialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
			.build();
		return LightweightTransactions
			.execute(Mono.defer(() -> this.template.insert(post, options)).map(EntityWriteResult::wasApplied));
	}

	/**
	 * Replaces the current version by the next one, if the current version is still the
	 * one the change was computed from ({@code UPDATE ... IF version = ?}): of two
	 * concurrent edits, one applies and the other finds another version.
	 * @param next the next version
	 * @param expectedVersion the version it was computed from
	 * @return whether it applied
	 */
	Mono<Boolean> updateIfVersion(PostsByIdRow next, int expectedVersion) {
		Update update = Update.empty()
			.set("title", next.title())
			.set("body", next.body())
			.set("category", next.category())
			.set("previousCategory", next.previousCategory())
			.set("version", next.version())
			.set("writeTime", next.writeTime())
			.set("deleted", next.deleted());
		// Spring Data maps the names and values of a query and an update to their
		// columns, but not those of an IF condition: the condition names the column.
		UpdateOptions options = UpdateOptions.builder()
			.ifCondition(where("version").is(expectedVersion))
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.serialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
			.build();
		return LightweightTransactions.execute(Mono
			.defer(() -> this.template.update(query(next.postId()).queryOptions(options), update, PostsByIdRow.class)));
	}

	/**
	 * Removes the post's row once its copies are gone, if no one changed it meanwhile
	 * ({@code DELETE ... IF version = ?}).
	 * @param postId the post
	 * @param version the deletion version
	 * @return whether the row was removed
	 */
	Mono<Boolean> deleteIfVersion(UUID postId, int version) {
		DeleteOptions options = DeleteOptions.builder()
			.ifCondition(where("version").is(version))
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.serialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
			.build();
		return LightweightTransactions
			.execute(Mono.defer(() -> this.template.delete(query(postId).queryOptions(options), PostsByIdRow.class)));
	}

	private static Query query(UUID postId) {
		return Query.query(where("postId").is(postId));
	}

}
