package dev.querydriven.benchmarks.capture;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Replays captured requests with the raw driver: each captured text prepared once on a
 * session of its own, bound with the captured values (serialized bytes, so nothing is
 * converted), sent asynchronously with the captured consistency levels, idempotence, page
 * size and timeout, stage after stage, each stage's statements concurrently.
 * <ul>
 * <li>Ids the request created are replaced by new ones on every replay (all occurrences
 * of one id by the same new id), so a replayed write creates new rows.</li>
 * <li>Client-side write timestamps are moved forward by the time since the capture,
 * keeping their order within the request.</li>
 * </ul>
 */
public final class Replayer {

	private final CqlSession session;

	private final List<Request> requests;

	private final List<Template> rowInserts;

	private Replayer(CqlSession session, List<Request> requests, List<Template> rowInserts) {
		this.session = session;
		this.requests = requests;
		this.rowInserts = rowInserts;
	}

	/**
	 * Prepares every captured statement on the given session.
	 * @param session the raw session, logged in as the service's role, in its keyspace
	 * @param captured the captured requests
	 * @param rowInsert the start of the statement that inserts one row, to replay those
	 * statements on their own ({@link #insertRow}), or {@code null}
	 * @return the replayer
	 */
	public static Replayer prepare(CqlSession session, List<CapturedRequest> captured, String rowInsert) {
		Map<String, PreparedStatement> prepared = new HashMap<>();
		List<Request> requests = new ArrayList<>();
		List<Template> rows = new ArrayList<>();
		for (CapturedRequest request : captured) {
			List<List<Template>> stages = new ArrayList<>();
			for (List<CapturedStatement> stage : request.stages()) {
				List<Template> templates = new ArrayList<>();
				for (CapturedStatement statement : stage) {
					Template template = template(session, prepared, statement.statement(), request.freshIds());
					templates.add(template);
					if (rowInsert != null) {
						template.collectRows(rowInsert, rows);
					}
				}
				stages.add(templates);
			}
			requests.add(new Request(stages, request.wallMicros()));
		}
		if (requests.isEmpty()) {
			throw new IllegalArgumentException("Nothing was captured to replay");
		}
		if (rowInsert != null && rows.isEmpty()) {
			throw new IllegalArgumentException("No captured statement starts with '" + rowInsert + "'");
		}
		return new Replayer(session, List.copyOf(requests), List.copyOf(rows));
	}

	/**
	 * Replays the {@code sequence}-th captured request (wrapping around).
	 * @param sequence 0, 1, 2, ...
	 * @return the rows the reads returned
	 */
	public Mono<Integer> replay(long sequence) {
		return Mono.defer(() -> {
			Request request = this.requests.get((int) (sequence % this.requests.size()));
			Map<UUID, UUID> fresh = new HashMap<>();
			long shift = nowMicros() - request.wallMicros();
			return Flux.fromIterable(request.stages())
				.concatMap((stage) -> Flux.fromIterable(stage)
					.flatMap((template) -> execute(template.bind(fresh, shift)), stage.size())
					.reduce(0, Integer::sum))
				.reduce(0, Integer::sum);
		});
	}

	/**
	 * Inserts the {@code sequence}-th captured row (wrapping around), one statement per
	 * row, as a client writing rows one by one with the raw driver would.
	 * @param sequence 0, 1, 2, ...
	 * @return 0
	 */
	public Mono<Integer> insertRow(long sequence) {
		return Mono.defer(() -> {
			Template row = this.rowInserts.get((int) (sequence % this.rowInserts.size()));
			return execute(row.bind(new HashMap<>(), 0));
		});
	}

	/**
	 * What a request executes, for the summary: each distinct statement text with how
	 * often one request runs it, on average.
	 * @return statement texts and counts per request
	 */
	public Map<String, Double> statementsPerRequest() {
		Map<String, Double> counts = new LinkedHashMap<>();
		for (Request request : this.requests) {
			for (List<Template> stage : request.stages()) {
				for (Template template : stage) {
					counts.merge(template.describe(), 1.0 / this.requests.size(), Double::sum);
				}
			}
		}
		return counts;
	}

	/**
	 * The stages of a request (statements that must wait for an earlier response), on
	 * average.
	 * @return the mean number of stages
	 */
	public double stagesPerRequest() {
		return this.requests.stream().mapToInt((request) -> request.stages().size()).average().orElse(0);
	}

	private Mono<Integer> execute(Statement<?> statement) {
		return Mono.fromCompletionStage(() -> this.session.executeAsync(statement)).flatMap(Replayer::countRows);
	}

	/**
	 * Every row of every page, as the service would have read them.
	 */
	private static Mono<Integer> countRows(AsyncResultSet page) {
		int rows = page.remaining();
		if (!page.hasMorePages()) {
			return Mono.just(rows);
		}
		CompletionStage<AsyncResultSet> next = page.fetchNextPage();
		return Mono.fromCompletionStage(next).flatMap(Replayer::countRows).map((more) -> rows + more);
	}

	private static long nowMicros() {
		return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
	}

	private static Template template(CqlSession session, Map<String, PreparedStatement> prepared,
			Statement<?> statement, Set<UUID> freshIds) {
		if (statement instanceof BoundStatement bound) {
			PreparedStatement statementOnRawSession = prepared.computeIfAbsent(bound.getPreparedStatement().getQuery(),
					session::prepare);
			return new Bound(statementOnRawSession, bound, freshPositions(bound.getValues(), freshIds));
		}
		if (statement instanceof BatchStatement batch) {
			List<Bound> children = new ArrayList<>();
			for (BatchableStatement<?> child : batch) {
				if (!(child instanceof BoundStatement bound)) {
					return new AsIs(statement);
				}
				children.add((Bound) template(session, prepared, bound, freshIds));
			}
			return new Batch(batch, children);
		}
		// A statement executed unprepared is replayed as it was.
		return new AsIs(statement);
	}

	private static Map<Integer, UUID> freshPositions(List<ByteBuffer> values, Set<UUID> freshIds) {
		Map<Integer, UUID> positions = new HashMap<>();
		for (int i = 0; i < values.size(); i++) {
			ByteBuffer value = values.get(i);
			if (value != null && value.remaining() == 16) {
				UUID id = TypeCodecs.UUID.decode(value.duplicate(), ProtocolVersion.DEFAULT);
				if (freshIds.contains(id)) {
					positions.put(i, id);
				}
			}
		}
		return positions;
	}

	private static <S extends Statement<S>> S withSettings(S target, Statement<?> source, long shiftMicros) {
		S statement = target.setConsistencyLevel(source.getConsistencyLevel())
			.setSerialConsistencyLevel(source.getSerialConsistencyLevel())
			.setPageSize(source.getPageSize())
			.setIdempotent(source.isIdempotent())
			.setTimeout(source.getTimeout());
		if (source.getExecutionProfile() != null) {
			statement = statement.setExecutionProfile(source.getExecutionProfile());
		}
		long timestamp = source.getQueryTimestamp();
		return (timestamp != Statement.NO_DEFAULT_TIMESTAMP) ? statement.setQueryTimestamp(timestamp + shiftMicros)
				: statement;
	}

	private record Request(List<List<Template>> stages, long wallMicros) {

	}

	private sealed interface Template permits Bound, Batch, AsIs {

		Statement<?> bind(Map<UUID, UUID> fresh, long shiftMicros);

		String describe();

		void collectRows(String rowInsert, List<Template> rows);

	}

	private record Bound(PreparedStatement prepared, BoundStatement captured,
			Map<Integer, UUID> freshPositions) implements Template {

		@Override
		public BoundStatement bind(Map<UUID, UUID> fresh, long shiftMicros) {
			BoundStatementBuilder builder = this.prepared.boundStatementBuilder();
			List<ByteBuffer> values = this.captured.getValues();
			for (int i = 0; i < values.size(); i++) {
				UUID id = this.freshPositions.get(i);
				ByteBuffer value = (id != null)
						? TypeCodecs.UUID.encode(fresh.computeIfAbsent(id, Bound::newIdLike), ProtocolVersion.DEFAULT)
						: values.get(i);
				builder = builder.setBytesUnsafe(i, value);
			}
			return withSettings(builder.build(), this.captured, shiftMicros);
		}

		private static UUID newIdLike(UUID id) {
			return (id.version() == 1) ? Uuids.timeBased() : UUID.randomUUID();
		}

		@Override
		public String describe() {
			return this.prepared.getQuery();
		}

		@Override
		public void collectRows(String rowInsert, List<Template> rows) {
			if (this.prepared.getQuery().stripLeading().startsWith(rowInsert)) {
				rows.add(this);
			}
		}

	}

	private record Batch(BatchStatement captured, List<Bound> children) implements Template {

		@Override
		public Statement<?> bind(Map<UUID, UUID> fresh, long shiftMicros) {
			BatchType type = this.captured.getBatchType();
			List<BatchableStatement<?>> statements = new ArrayList<>(this.children.size());
			for (Bound child : this.children) {
				statements.add(child.bind(fresh, shiftMicros));
			}
			return withSettings(BatchStatement.newInstance(type, statements), this.captured, shiftMicros);
		}

		@Override
		public String describe() {
			return "BEGIN " + this.captured.getBatchType() + " BATCH of " + this.children.size() + ": "
					+ this.children.get(0).describe();
		}

		@Override
		public void collectRows(String rowInsert, List<Template> rows) {
			this.children.forEach((child) -> child.collectRows(rowInsert, rows));
		}

	}

	private record AsIs(Statement<?> captured) implements Template {

		@Override
		public Statement<?> bind(Map<UUID, UUID> fresh, long shiftMicros) {
			return this.captured;
		}

		@Override
		public String describe() {
			return "(not prepared) " + this.captured;
		}

		@Override
		public void collectRows(String rowInsert, List<Template> rows) {
		}

	}

}
