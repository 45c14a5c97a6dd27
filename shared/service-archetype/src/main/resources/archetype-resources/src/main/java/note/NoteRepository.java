package ${package}.note;

import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import dev.querydriven.modeling.ServesQuery;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.core.InsertOptions;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

/**
 * {@code notes_by_owner}: an owner's notes, newest first (Q1). Every read restricts the
 * full partition key, the owner.
 *
 * <p>
 * Consistency: {@code LOCAL_QUORUM} reads and writes, so an owner who adds a note and
 * reloads the list always sees it (R + W > RF).
 */
@Repository
class NoteRepository {

	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	private final ReactiveCassandraOperations template;

	NoteRepository(ReactiveCassandraOperations template) {
		this.template = template;
	}

	/**
	 * One page of an owner's notes, newest first, continuing strictly after
	 * {@code after}: the clustering order is descending, so "after" is "older than".
	 * @param ownerId the owner
	 * @param after the last note of the previous page, or {@code null}
	 * @param limit the most rows to read
	 * @return the rows, newest first
	 */
	@ServesQuery("Q1")
	Flux<NotesByOwnerRow> findNewestFirstByOwner(UUID ownerId, UUID after, int limit) {
		Query owner = (after != null) ? Query.query(where("ownerId").is(ownerId), where("noteId").lt(after))
				: Query.query(where("ownerId").is(ownerId));
		return this.template.select(owner.limit(limit).queryOptions(READ), NotesByOwnerRow.class);
	}

	/**
	 * Adds a note. A retried insert writes the same cells: the key is the note's own
	 * {@code timeuuid}, and the write carries the service's timestamp, not the driver's.
	 * @param note the note
	 * @param writeTime its write timestamp (microseconds)
	 * @return completion
	 */
	Mono<Void> insert(NotesByOwnerRow note, long writeTime) {
		InsertOptions options = InsertOptions.builder()
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.idempotent(true)
			.timestamp(writeTime)
			.build();
		return this.template.insert(note, options).then();
	}

}
