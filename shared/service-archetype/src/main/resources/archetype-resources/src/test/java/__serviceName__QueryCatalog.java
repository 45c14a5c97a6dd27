package ${package};

import java.util.List;

import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.catalog.RouteBudget;
import dev.querydriven.modelcheck.catalog.SizingFacts;
import dev.querydriven.modelcheck.catalog.WritePattern;

import static dev.querydriven.modelcheck.catalog.Consistency.LOCAL_QUORUM;

/**
 * Every query the service runs (the first step of the method: the queries before the
 * tables), the table that serves it, the sizing facts behind its key, every write, and
 * the partitions each route may read. This is the one place each statement's CQL is
 * written: the README's access-pattern tables are generated from it, the model check
 * judges it, and the conformance suite checks that the service runs exactly these
 * statements (Spring Data renders its own text; the shapes are compared).
 *
 * <p>
 * The sizes assume 100,000 owners, a busy one keeping 1,000 notes of at most 500
 * characters (about 300 B a row on average), each owner writing at human speed. Add a
 * table here first, then its CQL file, entity and repository method.
 *
 * <p>
 * Each query and write declares the levels it runs at, the ones its repository sets: an
 * owner who adds a note and reloads the list sees it, because the insert and the read
 * both run at {@code LOCAL_QUORUM} (R + W > RF).
 */
public class ${serviceName}QueryCatalog implements QueryCatalog {

	@Override
	public String keyspace() {
		return "${keyspace}";
	}

	@Override
	public List<AccessPattern> accessPatterns() {
		return List.of(new AccessPattern("Q1",
				"An owner's notes, newest first (next pages continue after the last note_id read)", "notes_by_owner",
				"SELECT owner_id, note_id, note_text FROM notes_by_owner WHERE owner_id = ? LIMIT ?", "note_id DESC",
				new SizingFacts(100_000, 1_000, 300, 0.1,
						"Not bucketed: people write notes at human speed. 1,000 rows is a busy owner's "
								+ "years (~300 kB); nothing in code caps it, and a key written thousands of times "
								+ "a day would need a (owner_id, month) bucket."))
			.withVariants("SELECT owner_id, note_id, note_text FROM notes_by_owner "
					+ "WHERE owner_id = ? AND note_id < ? LIMIT ?")
			.at(LOCAL_QUORUM));
	}

	@Override
	public List<WritePattern> writePatterns() {
		return List.of(new WritePattern("W1",
				"Add a note (its own timeuuid key and the service's timestamp: a retried insert writes the same row)",
				"notes_by_owner",
				"INSERT INTO notes_by_owner (owner_id, note_id, note_text) VALUES (?, ?, ?) USING TIMESTAMP ?")
			.at(LOCAL_QUORUM));
	}

	@Override
	public List<RouteBudget> routeBudgets() {
		return List.of(new RouteBudget("POST /owners/{ownerId}/notes", 0, 0, "a blind insert: no read"),
				new RouteBudget("GET /owners/{ownerId}/notes", 1, 1, "the owner's notes, one partition"));
	}

}
