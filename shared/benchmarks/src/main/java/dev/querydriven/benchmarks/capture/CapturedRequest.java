package dev.querydriven.benchmarks.capture;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;

/**
 * The statements of one request, in stages: a stage holds the statements that were in
 * flight together, and a statement issued only after another one's response arrived
 * belongs to a later stage (it may depend on that response). Replaying stage after stage,
 * each stage's statements concurrently, keeps the request's critical path.
 *
 * @param stages the statements, stage by stage
 * @param freshIds the ids the request created, replaced by new ones on every replay
 * @param wallMicros when the request started, in epoch microseconds (client-side write
 * timestamps are shifted by the time since)
 */
public record CapturedRequest(List<List<CapturedStatement>> stages, Set<UUID> freshIds, long wallMicros) {

	public CapturedRequest {
		stages = stages.stream().map(List::copyOf).toList();
		freshIds = Set.copyOf(freshIds);
	}

	/**
	 * Orders captured statements into stages: a statement issued after the response of an
	 * earlier one joins the stage after that statement's; otherwise it runs alongside the
	 * statements it overlapped.
	 * @param statements the statements of one request, in any order
	 * @param freshIds the ids the request created
	 * @param wallMicros when the request started
	 * @return the request
	 */
	public static CapturedRequest of(List<CapturedStatement> statements, Set<UUID> freshIds, long wallMicros) {
		List<CapturedStatement> byStart = new ArrayList<>(statements);
		byStart.sort(Comparator.comparingLong(CapturedStatement::startNanos));
		int[] stage = new int[byStart.size()];
		int stages = 0;
		for (int j = 0; j < byStart.size(); j++) {
			int after = -1;
			for (int i = 0; i < j; i++) {
				if (byStart.get(i).endNanos() <= byStart.get(j).startNanos()) {
					after = Math.max(after, stage[i]);
				}
			}
			stage[j] = after + 1;
			stages = Math.max(stages, stage[j] + 1);
		}
		List<List<CapturedStatement>> grouped = new ArrayList<>();
		for (int s = 0; s < stages; s++) {
			grouped.add(new ArrayList<>());
		}
		for (int j = 0; j < byStart.size(); j++) {
			grouped.get(stage[j]).add(byStart.get(j));
		}
		return new CapturedRequest(grouped, freshIds, wallMicros);
	}

	/**
	 * The created ids that no captured statement bound as a value of its own: a replay
	 * cannot replace them, so the rows it writes would be the captured ones again.
	 * @return the ids bound nowhere
	 */
	public Set<UUID> unboundFreshIds() {
		Set<UUID> unbound = new HashSet<>(this.freshIds);
		for (CapturedStatement captured : statements()) {
			List<BoundStatement> bound = (captured.statement() instanceof BatchStatement batch)
					? StreamSupport.stream(batch.spliterator(), false)
						.filter(BoundStatement.class::isInstance)
						.map(BoundStatement.class::cast)
						.toList()
					: (captured.statement() instanceof BoundStatement single) ? List.of(single) : List.of();
			for (BoundStatement statement : bound) {
				for (ByteBuffer value : statement.getValues()) {
					if (value != null && value.remaining() == 16) {
						unbound.remove(TypeCodecs.UUID.decode(value.duplicate(), ProtocolVersion.DEFAULT));
					}
				}
			}
		}
		return unbound;
	}

	/**
	 * This request without the statements that write a table ({@code INSERT INTO},
	 * {@code UPDATE} or {@code DELETE ... FROM} it, keyspace-qualified or not): the
	 * request as it would run if it did not write there. The other statements keep their
	 * stages and their order; a stage left empty disappears, so that the replay does not
	 * wait for a round trip that no longer exists. A batch loses only its statements on
	 * the table, and disappears if nothing else is left in it.
	 * @param table the table's name, unquoted
	 * @return the request without those writes (this request if it has none)
	 */
	public CapturedRequest withoutWritesTo(String table) {
		return without(writesTo(table));
	}

	/**
	 * This request without the statements whose text starts with a pattern, kept and
	 * dropped the way {@link #withoutWritesTo(String)} does.
	 * @param statements the start of the statements to drop
	 * @return the request without them (this request if it has none)
	 */
	public CapturedRequest without(Pattern statements) {
		List<List<CapturedStatement>> kept = new ArrayList<>();
		boolean dropped = false;
		for (List<CapturedStatement> stage : this.stages) {
			List<CapturedStatement> rest = new ArrayList<>();
			for (CapturedStatement captured : stage) {
				Statement<?> statement = without(captured.statement(), statements);
				dropped |= statement != captured.statement();
				if (statement != null) {
					rest.add((statement != captured.statement())
							? new CapturedStatement(statement, captured.startNanos(), captured.endNanos()) : captured);
				}
			}
			if (!rest.isEmpty()) {
				kept.add(rest);
			}
		}
		return dropped ? new CapturedRequest(kept, this.freshIds, this.wallMicros) : this;
	}

	/**
	 * The statement without its writes to the table: itself, a batch with fewer
	 * statements, or {@code null} when nothing is left.
	 */
	private static Statement<?> without(Statement<?> statement, Pattern writes) {
		if (statement instanceof BatchStatement batch) {
			List<BatchableStatement<?>> rest = new ArrayList<>();
			for (BatchableStatement<?> child : batch) {
				if (!writes.matcher(query(child)).lookingAt()) {
					rest.add(child);
				}
			}
			if (rest.size() == batch.size()) {
				return batch;
			}
			return rest.isEmpty() ? null : batch.clear().addAll(rest);
		}
		return writes.matcher(query(statement)).lookingAt() ? null : statement;
	}

	/**
	 * The start of a statement that writes the table. Only writes: a read of the table in
	 * a captured request is not the request's own (the write intents' sweeper reads them
	 * in the background, and a pass may fall into a capture).
	 */
	private static Pattern writesTo(String table) {
		String name = "(?:\\w+\\.|\"[^\"]+\"\\.)?\"?" + Pattern.quote(table) + "\"?(?![\\w\"])";
		return Pattern.compile("\\s*(?:INSERT\\s+INTO|UPDATE|DELETE\\b.*?\\bFROM)\\s+" + name,
				Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
	}

	private static String query(Statement<?> statement) {
		if (statement instanceof BoundStatement bound) {
			return bound.getPreparedStatement().getQuery();
		}
		return (statement instanceof SimpleStatement simple) ? simple.getQuery() : "";
	}

	/**
	 * Every statement, stage by stage.
	 * @return the statements
	 */
	public List<CapturedStatement> statements() {
		return this.stages.stream().flatMap(List::stream).toList();
	}

}
