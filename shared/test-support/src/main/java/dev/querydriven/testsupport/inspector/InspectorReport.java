package dev.querydriven.testsupport.inspector;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.querydriven.modelcheck.catalog.CatalogCoverage;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.catalog.RouteBudget;
import dev.querydriven.modelcheck.catalog.StatementShape;
import dev.querydriven.testsupport.recording.RecordedRequest;
import dev.querydriven.testsupport.recording.RecordedStatement;
import dev.querydriven.testsupport.recording.TraceEvent;

import org.springframework.web.util.UriComponentsBuilder;

/**
 * Turns the inspector's requests into what {@code GET /inspector/requests} answers: each
 * statement matched to its catalogue entry by its shape (table, restrictions, condition,
 * limit: Spring Data renders {@code SELECT *} where the catalogue lists columns), each
 * request's partitions counted as the partition budgets count them, and the highlights.
 */
final class InspectorReport {

	/** How a node's trace reports what a read went through. */
	private static final Pattern TOMBSTONES_READ = Pattern.compile("(\\d+) tombstone cells");

	private static final Pattern IN_RESTRICTION = Pattern.compile("\\bIN\\s*\\(", Pattern.CASE_INSENSITIVE);

	private final List<CatalogCoverage.Entry> entries;

	private final Set<String> infrastructureTables;

	private final Map<String, Integer> budgets = new LinkedHashMap<>();

	private final boolean catalogued;

	private final SimulatedRing ring;

	private final Function<String, List<String>> partitionKeyColumns;

	private final Map<String, Optional<String>> queryIds = new ConcurrentHashMap<>();

	/**
	 * A report on a service's catalogue.
	 * @param catalog the service's query catalogue, or {@code null} when the dev run
	 * declares none (then nothing is matched, budgeted or flagged as uncatalogued)
	 * @param ring the simulated ring
	 * @param partitionKeyColumns a qualified table's partition-key columns, in order
	 */
	InspectorReport(QueryCatalog catalog, SimulatedRing ring, Function<String, List<String>> partitionKeyColumns) {
		this.catalogued = catalog != null;
		this.entries = (catalog != null) ? CatalogCoverage.entries(catalog) : List.of();
		this.infrastructureTables = (catalog != null) ? catalog.infrastructureTables().keySet() : Set.of();
		if (catalog != null) {
			for (RouteBudget budget : catalog.routeBudgets()) {
				this.budgets.put(budget.route(), budget.budget());
			}
		}
		this.ring = ring;
		this.partitionKeyColumns = partitionKeyColumns;
	}

	Requests requests(List<InspectedRequest> requests) {
		return new Requests(requests.stream().map(this::request).toList());
	}

	RequestView request(InspectedRequest request) {
		List<RecordedStatement> statements = request.statements();
		int partitions = new RecordedRequest(request.id(), request.route(), statements).partitionsRead().size();
		Integer budget = this.budgets.get(request.route());
		List<Flag> flags = new ArrayList<>();
		if (budget != null && partitions > budget) {
			flags.add(flag(Highlight.OVER_BUDGET,
					"read " + partitions + " partitions, over the route's budget of " + budget));
		}
		if (this.catalogued && budget == null && !statements.isEmpty()) {
			flags.add(flag(Highlight.NO_BUDGET, request.route() + " declares no partition budget"));
		}
		List<StatementView> views = new ArrayList<>();
		for (RecordedStatement statement : statements) {
			StatementView view = statement(statement);
			views.add(view);
			flags.addAll(flags(statement, view));
		}
		if (request.dropped() > 0) {
			flags.add(flag(Highlight.TRUNCATED, request.dropped() + " more statements were not kept"));
		}
		return new RequestView(request.id(), request.method(), request.path(), request.route(), request.status(),
				request.startedAt(), request.durationMicros(), budget, partitions, flags, views);
	}

	private List<Flag> flags(RecordedStatement statement, StatementView view) {
		List<Flag> flags = new ArrayList<>();
		if (this.catalogued && statement.application() && view.queryId() == null
				&& !this.infrastructureTables.contains(unqualified(statement.table()))) {
			flags.add(flag(Highlight.UNCATALOGUED, "not in the query catalogue: " + statement.cql()));
		}
		for (String warning : statement.execution().warnings()) {
			flags.add(flag(Highlight.WARNING, warning));
		}
		boolean unloggedAcross = "UNLOGGED".equals(statement.batchType()) && statement.partitions().size() > 1;
		if (unloggedAcross || (statement.read() && IN_RESTRICTION.matcher(statement.cql()).find()
				&& statement.partitions().isEmpty())) {
			flags.add(flag(Highlight.MULTI_PARTITION, "one statement over several partitions: " + statement.cql()));
		}
		for (TraceEvent event : (statement.execution().trace() != null) ? statement.execution().trace()
				: List.<TraceEvent>of()) {
			Matcher read = TOMBSTONES_READ.matcher(event.activity());
			if (read.find() && Long.parseLong(read.group(1)) > 0) {
				flags.add(flag(Highlight.TOMBSTONES, event.activity() + ": " + statement.cql()));
			}
		}
		if (Boolean.FALSE.equals(statement.execution().applied())) {
			flags.add(flag(Highlight.LWT_NOT_APPLIED, "the condition did not hold: " + statement.cql()));
		}
		return flags;
	}

	private StatementView statement(RecordedStatement statement) {
		Map<String, Object> key = new LinkedHashMap<>();
		if (statement.partitions().size() == 1) {
			RecordedStatement.Partition partition = statement.partitions().get(0);
			List<String> columns = this.partitionKeyColumns.apply(partition.table());
			for (int i = 0; i < partition.key().size(); i++) {
				key.put((i < columns.size()) ? columns.get(i) : "column" + i, json(partition.key().get(i)));
			}
		}
		List<String> simulated = (statement.token() != null) ? this.ring.replicas(Long.parseLong(statement.token()))
				: List.of();
		UUID traceId = statement.execution().traceId();
		return new StatementView(queryId(statement), statement.kind(), statement.cql(), statement.table(), key,
				statement.token(), statement.replicas(), simulated, statement.consistency(),
				statement.serialConsistency(), statement.execution().rows(), statement.latencyMicros(),
				statement.coordinator(), statement.execution().warnings(),
				(traceId != null) ? traceId.toString() : null, statement.execution().trace(),
				partitionView(statement.table(), key));
	}

	/**
	 * The catalogue id of a statement (a batch's: its first statement's), matched by
	 * shape.
	 */
	private String queryId(RecordedStatement statement) {
		String cql = statement.batch() ? statement.statements().get(0).cql() : statement.cql();
		return this.queryIds.computeIfAbsent(cql, (text) -> {
			try {
				StatementShape shape = StatementShape.of(text);
				return this.entries.stream()
					.filter((entry) -> entry.shape().covers(shape))
					.map(CatalogCoverage.Entry::id)
					.findFirst();
			}
			catch (RuntimeException ex) {
				// A statement the shape parser does not read (DDL, a tool's query).
				return Optional.empty();
			}
		}).orElse(null);
	}

	/** The link to the statement's partition in the partition view, when it has one. */
	private static String partitionView(String table, Map<String, Object> key) {
		if (table == null || key.isEmpty()) {
			return null;
		}
		UriComponentsBuilder link = UriComponentsBuilder.fromPath(InspectorRoutes.PREFIX + "/partitions/{table}");
		key.forEach((column, value) -> link.queryParam(column, "{" + column + "}"));
		Map<String, Object> variables = new LinkedHashMap<>(key);
		variables.put("table", table);
		return link.encode().buildAndExpand(variables).toUriString();
	}

	private static String unqualified(String table) {
		return (table == null) ? "" : table.substring(table.indexOf('.') + 1);
	}

	/** A value as JSON shows it: numbers and booleans as they are, the rest as text. */
	static Object json(Object value) {
		return (value == null || value instanceof Number || value instanceof Boolean) ? value : value.toString();
	}

	private static Flag flag(Highlight highlight, String message) {
		return new Flag(highlight.kind(), message, highlight.link());
	}

	/**
	 * The answer of {@code GET /inspector/requests}.
	 *
	 * @param requests the latest requests, newest first
	 */
	record Requests(List<RequestView> requests) {

	}

	/**
	 * One request.
	 *
	 * @param id its id (the statement recorder's)
	 * @param method its method
	 * @param path its path
	 * @param route its route pattern, e.g. {@code GET /users/{userId}/timeline}
	 * @param status the status it got, or {@code null} when the client went away first
	 * @param startedAt when it began
	 * @param durationMicros how long it took
	 * @param budget its route's declared partition budget, or {@code null}
	 * @param partitions the distinct partitions it read
	 * @param flags what deserves a second look
	 * @param statements its statements, in order of completion
	 */
	record RequestView(String id, String method, String path, String route, Integer status, Instant startedAt,
			Long durationMicros, Integer budget, int partitions, List<Flag> flags, List<StatementView> statements) {

	}

	/**
	 * One statement.
	 *
	 * @param queryId its catalogue id ({@code Q6}, {@code W19}), or {@code null}
	 * @param kind {@code SELECT}, {@code INSERT}, ..., {@code BATCH}
	 * @param cql its text
	 * @param table its table, qualified
	 * @param partitionKey its partition key, column by column (empty when several or
	 * unknown)
	 * @param token the partition's token, or {@code null}
	 * @param replicas the nodes holding the partition, from the driver's token map
	 * @param simulatedReplicas where the partition would live on the simulated ring
	 * @param consistency its consistency level
	 * @param serialConsistency a lightweight transaction's serial consistency level
	 * @param rows the rows its caller read
	 * @param latencyMicros the driver's latency
	 * @param coordinator the node that coordinated it
	 * @param warnings Cassandra's warnings
	 * @param traceId its trace's id when traced
	 * @param trace its trace's events, once Cassandra has written them ({@code null}
	 * until then, or when not traced)
	 * @param partitionView the link to its partition in the partition view, or
	 * {@code null}
	 */
	record StatementView(String queryId, String kind, String cql, String table, Map<String, Object> partitionKey,
			String token, List<String> replicas, List<String> simulatedReplicas, String consistency,
			String serialConsistency, long rows, long latencyMicros, String coordinator, List<String> warnings,
			String traceId, List<TraceEvent> trace, String partitionView) {

	}

	/**
	 * A highlight.
	 *
	 * @param kind e.g. {@code over-budget}
	 * @param message what happened
	 * @param link the section that explains it, from the repository's root
	 */
	record Flag(String kind, String message, String link) {

	}

}
