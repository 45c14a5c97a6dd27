package dev.querydriven.modelcheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import dev.querydriven.modelcheck.cql.CqlStatement;
import dev.querydriven.modelcheck.cql.CqlStatement.Operator;
import dev.querydriven.modelcheck.cql.CqlStatement.Ordering;
import dev.querydriven.modelcheck.cql.CqlStatement.Relation;
import dev.querydriven.modelcheck.cql.CqlStatement.Term;

/**
 * "Each query touches one partition?" Every read must restrict the full partition key by
 * equality, without {@code ALLOW FILTERING}, token ranges or restrictions on other
 * columns, and get its order from the clustering order.
 * <p>
 * Evidence, strongest first: the node's refusal to prepare the query (it needs
 * filtering); the driver's prepared-statement metadata, whose partition-key indices are
 * set only when every partition-key column is bound by {@code = ?}; the parsed statement
 * for what metadata cannot tell (constants in the key, {@code IN}, {@code ORDER BY}).
 */
final class OnePartitionCheck {

	/** The guardrail's refusal threshold for partition keys in one {@code IN}. */
	static final int IN_LIMIT = 20;

	private OnePartitionCheck() {
	}

	static void run(CheckContext context) {
		for (CataloguedStatement statement : context.statements) {
			List<String> tests = context.evidence.testsOf(statement.id());
			List<String> code = context.evidence.codeOf(statement.id());
			Optional<TableShape> shape = context.shape(statement.table());
			if (!statement.isRead() || shape.isEmpty() || statement.unusable()) {
				context.queries.put(statement.id(),
						new QueryAnalysis(statement.pattern(), statement.kind(), statement.isRead() ? "—" : "1 (write)",
								"", statement.isRead() ? "not analysed" : "", tests, code));
				continue;
			}
			Result result = analyse(context, statement, shape.get());
			context.queries.put(statement.id(), new QueryAnalysis(statement.pattern(), statement.kind(),
					result.partitions, result.order, result.evidence, tests, code));
		}
	}

	private record Result(String partitions, String order, String evidence) {

	}

	private static Result analyse(CheckContext context, CataloguedStatement statement, TableShape shape) {
		String id = statement.id();
		String table = shape.name();
		if (statement.refusal().isPresent()) {
			boolean allowFiltering = statement.parsed()
				.filter(CqlStatement.Select.class::isInstance)
				.map((parsed) -> ((CqlStatement.Select) parsed).allowFiltering())
				.orElse(false);
			fail(context, allowFiltering ? "allow-filtering" : "needs-filtering", id, table,
					"The node refuses " + id + " as modelled: " + statement.refusal().get(),
					allowFiltering ? Guidance.ALLOW_FILTERING : Guidance.NOT_SQL + " " + Guidance.ALLOW_FILTERING,
					Guidance.oneTablePerQuery(context.audience));
			return new Result("every partition (refused)", "", "the node's refusal to prepare it");
		}
		PreparedStatement prepared = statement.prepared().orElseThrow();
		List<Integer> keyIndices = prepared.getPartitionKeyIndices();
		if (statement.parsed().isEmpty()) {
			boolean conclusive = keyIndices.size() == shape.partitionKey().size();
			context.add(new Finding(conclusive ? Verdict.WARN : Verdict.FAIL, Check.ONE_PARTITION, "unparsed", id,
					table,
					"The model check could not read the structure of " + id + " (" + statement.parseError().orElse("")
							+ ")"
							+ (conclusive ? "; the driver's metadata shows every partition-key column bound by `= ?`."
									: " and the driver's metadata does not show the full partition key bound."),
					Guidance.ONE_PARTITION, "Write the query as a plain `SELECT ... WHERE <partition key> = ?`."));
			return new Result(conclusive ? "1" : "unknown", "", "driver partition-key indices " + keyIndices);
		}
		CqlStatement.Select select = (CqlStatement.Select) statement.parsed().get();
		List<String> problems = new ArrayList<>();
		if (select.allowFiltering()) {
			fail(context, "allow-filtering", id, table, id + " uses `ALLOW FILTERING`: it may read every partition.",
					Guidance.ALLOW_FILTERING, Guidance.oneTablePerQuery(context.audience));
			problems.add("ALLOW FILTERING");
		}
		for (Relation relation : select.where()) {
			if (relation.token()) {
				fail(context, "token-range-scan", id, table,
						id + " restricts `token(" + String.join(", ", relation.columns())
								+ ")`: it reads a token range, i.e. many partitions.",
						Guidance.ONE_PARTITION + " Only admin backfill and verify scans read by token range.",
						Guidance.oneTablePerQuery(context.audience));
				problems.add("token range");
			}
			else if (relation.columns().stream().anyMatch((column) -> !shape.isPrimaryKey(column)) || relation.element()
					|| relation.operator() == Operator.CONTAINS || relation.operator() == Operator.CONTAINS_KEY
					|| relation.operator() == Operator.LIKE) {
				fail(context, "non-key-restriction", id, table,
						id + " restricts `" + String.join(", ", relation.columns()) + " " + relation.operator()
								+ "`, which is not part of the primary key: only an index or filtering can answer it.",
						Guidance.NOT_SQL, Guidance.oneTablePerQuery(context.audience));
				problems.add("non-key restriction");
			}
		}
		long partitions = 1;
		List<String> missing = new ArrayList<>();
		boolean unknownCount = false;
		boolean constants = false;
		for (String column : shape.partitionKeyNames()) {
			Optional<Relation> restriction = select.where()
				.stream()
				.filter((relation) -> relation.selectsByKey(column))
				.findFirst();
			if (restriction.isEmpty()) {
				missing.add(column);
				continue;
			}
			Relation relation = restriction.get();
			constants |= relation.value().kind() != Term.Kind.MARKER;
			if (relation.operator() == Operator.IN) {
				int elements = relation.value().elements();
				if (elements < 0) {
					unknownCount = true;
				}
				else {
					partitions *= Math.max(1, elements);
				}
			}
		}
		if (!missing.isEmpty() && !problems.contains("token range")) {
			fail(context, "partition-key-missing", id, table,
					id + " does not restrict partition-key column(s) " + code(missing) + " by equality: it reads every "
							+ "partition of `" + table + "` (a full scan).",
					Guidance.ONE_PARTITION, Guidance.oneTablePerQuery(context.audience));
			return new Result("every partition", "", "parsed structure");
		}
		if (!problems.isEmpty()) {
			return new Result("every partition", "", "parsed structure");
		}
		String evidence = (keyIndices.size() == shape.partitionKey().size() && partitions == 1 && !unknownCount)
				? "driver partition-key indices " + keyIndices
				: "parsed structure" + (constants ? " (constants in the key)" : "");
		String count = "1";
		if (unknownCount) {
			context.add(new Finding(Verdict.WARN, Check.ONE_PARTITION, "multi-partition-in", id, table,
					id + " restricts its partition key with `IN ?`: it reads as many partitions as the list holds.",
					Guidance.MULTI_PARTITION, Guidance.MULTI_PARTITION_FIX));
			count = "several (IN ?)";
		}
		else if (partitions > 1) {
			Verdict verdict = (partitions > IN_LIMIT) ? Verdict.FAIL : Verdict.WARN;
			context.add(new Finding(verdict, Check.ONE_PARTITION, "multi-partition-in", id, table,
					id + " reads " + partitions + " partitions with `IN`.", Guidance.MULTI_PARTITION,
					Guidance.MULTI_PARTITION_FIX));
			count = partitions + " (IN)";
		}
		return new Result(count, order(context, statement, select, shape), evidence);
	}

	/**
	 * The order rows come back in, checked against the order the catalogue expects.
	 */
	private static String order(CheckContext context, CataloguedStatement statement, CqlStatement.Select select,
			TableShape shape) {
		String id = statement.id();
		List<String> clustering = shape.clusteringNames();
		int fixed = 0;
		while (fixed < clustering.size()) {
			String column = clustering.get(fixed);
			boolean equal = select.where()
				.stream()
				.anyMatch((relation) -> relation.columns().equals(List.of(column)) && !relation.token()
						&& relation.operator() == Operator.EQ);
			if (!equal) {
				break;
			}
			fixed++;
		}
		if (fixed == clustering.size()) {
			return clustering.isEmpty() ? "" : "one row";
		}
		boolean reversed = !select.orderBy().isEmpty()
				&& select.orderBy().get(0).descending() != shape.descending(select.orderBy().get(0).column());
		List<Ordering> served = new ArrayList<>();
		for (String column : clustering.subList(fixed, clustering.size())) {
			served.add(new Ordering(column, shape.descending(column) != reversed));
		}
		String servedText = String.join(", ", served.stream().map(Ordering::toString).toList());
		List<Ordering> expected = parseOrder(statement.pattern().order());
		if (expected == null) {
			fail(context, "order-not-served", id, shape.name(),
					id + " expects the order `" + statement.pattern().order()
							+ "`, which is not a list of `column ASC|DESC`.",
					Guidance.SORTING, "Write the expected order as `column DESC, other_column DESC`.");
			return servedText;
		}
		for (int i = 0; i < expected.size(); i++) {
			if (i >= served.size() || !served.get(i).equals(expected.get(i))) {
				fail(context, "order-not-served", id, shape.name(),
						id + " needs its rows in the order `" + statement.pattern().order() + "`, but it reads them in "
								+ "the order `" + servedText + "`.",
						Guidance.SORTING, "Store the rows in the order the query needs: `WITH CLUSTERING ORDER BY ("
								+ join(expected) + ")`, with the clustering columns in that order.");
				return servedText;
			}
		}
		if (reversed) {
			context.add(new Finding(Verdict.WARN, Check.ONE_PARTITION, "reversed-order", id, shape.name(),
					id + " reads `" + shape.name() + "` against its clustering order (`ORDER BY "
							+ join(select.orderBy()) + "`).",
					Guidance.REVERSED,
					"Make `WITH CLUSTERING ORDER BY` the order the query reads, or keep a second table in the other "
							+ "order if both are hot."));
		}
		return servedText;
	}

	/** Parses {@code "post_time DESC, post_id DESC"}; null when malformed. */
	static List<Ordering> parseOrder(String order) {
		List<Ordering> orderings = new ArrayList<>();
		if (order == null || order.isBlank()) {
			return orderings;
		}
		for (String part : order.split(",")) {
			String[] words = part.trim().split("\\s+");
			if (words.length == 0 || words.length > 2 || words[0].isEmpty()) {
				return null;
			}
			boolean descending = false;
			if (words.length == 2) {
				String direction = words[1].toUpperCase(Locale.ROOT);
				if (!direction.equals("ASC") && !direction.equals("DESC")) {
					return null;
				}
				descending = direction.equals("DESC");
			}
			String column = words[0].startsWith("\"") ? words[0].replace("\"", "") : words[0].toLowerCase(Locale.ROOT);
			orderings.add(new Ordering(column, descending));
		}
		return orderings;
	}

	private static String join(List<Ordering> orderings) {
		return String.join(", ", orderings.stream().map(Ordering::toString).toList());
	}

	private static String code(List<String> columns) {
		return String.join(", ", columns.stream().map((column) -> "`" + column + "`").toList());
	}

	private static void fail(CheckContext context, String rule, String id, String table, String problem, String why,
			String fix) {
		context.add(new Finding(Verdict.FAIL, Check.ONE_PARTITION, rule, id, table, problem, why, fix));
	}

}
