package dev.querydriven.modelcheck;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.IndexKind;
import com.datastax.oss.driver.api.core.metadata.schema.IndexMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.ViewMetadata;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import dev.querydriven.modelcheck.catalog.SizingFacts;
import dev.querydriven.modelcheck.cql.CqlStatement.AssignmentKind;
import dev.querydriven.modelcheck.cql.CqlStatement.Operator;
import dev.querydriven.modelcheck.cql.CqlStatement.Relation;
import dev.querydriven.modelcheck.cql.CqlStatement;

/**
 * The anti-patterns of the guide and the article: secondary indexes (legacy, SASI, SAI)
 * and materialized views on the keyspace's tables, unlogged batches across partitions,
 * read-before-write list operations, and deletes (or TTLs) in partitions that are read by
 * slices (tombstones).
 */
final class AntiPatternCheck {

	private AntiPatternCheck() {
	}

	static void run(CheckContext context) {
		indexes(context);
		views(context);
		for (CataloguedStatement statement : context.statements) {
			statement.parsed().ifPresent((parsed) -> {
				if (parsed instanceof CqlStatement.Batch batch) {
					batch(context, statement, batch);
					batch.statements().forEach((inner) -> listOperations(context, statement, inner));
				}
				else {
					listOperations(context, statement, parsed);
				}
			});
		}
		for (TableShape shape : context.tables.values()) {
			tombstones(context, shape);
			timestampCollisions(context, shape);
		}
	}

	/**
	 * A clustering key that ends with a plain timestamp while the row has an id of its
	 * own outside the primary key ({@code post_id}, {@code order_id}): two rows of the
	 * same partition written in the same millisecond share their primary key, and the
	 * second silently replaces the first. (A reading keyed by sensor and time has no
	 * other identity: it is not flagged.)
	 */
	private static void timestampCollisions(CheckContext context, TableShape shape) {
		if (shape.clustering().isEmpty() || context.isInfrastructure(shape.name())) {
			return;
		}
		List<ColumnMetadata> clustering = List.copyOf(shape.clustering().keySet());
		ColumnMetadata last = clustering.get(clustering.size() - 1);
		if (last.getType().getProtocolCode() != ProtocolConstants.DataType.TIMESTAMP) {
			return;
		}
		Optional<String> id = shape.metadata()
			.getColumns()
			.values()
			.stream()
			.filter((column) -> !column.isStatic() && !shape.isPrimaryKey(column.getName().asInternal()))
			.filter((column) -> column.getName().asInternal().endsWith("_id"))
			.filter((column) -> column.getType().getProtocolCode() == ProtocolConstants.DataType.UUID
					|| column.getType().getProtocolCode() == ProtocolConstants.DataType.TIMEUUID)
			.map((column) -> column.getName().asInternal())
			.findFirst();
		if (id.isPresent()) {
			add(context, Verdict.WARN, "timestamp-collision", shape.name(), "The clustering key of `" + shape.name()
					+ "` ends with the timestamp `" + last.getName().asInternal() + "` while each row has its own `"
					+ id.get() + "`: two rows of one partition written in the "
					+ "same millisecond get the same primary key, and the second silently overwrites the first.",
					Guidance.TIMESTAMP_COLLISION, Guidance.TIMESTAMP_COLLISION_FIX);
		}
	}

	private static void indexes(CheckContext context) {
		for (TableShape shape : context.tables.values()) {
			if (!(shape.metadata() instanceof TableMetadata table)) {
				continue;
			}
			for (IndexMetadata index : table.getIndexes().values()) {
				String className = index.getClassName().orElse("");
				String target = index.getTarget();
				String name = index.getName().asInternal();
				if (className.contains("StorageAttachedIndex") || className.equalsIgnoreCase("sai")) {
					add(context, Verdict.FAIL, "sai-index", shape.name(),
							"Storage-attached index `" + name + "` on `" + shape.name() + "(" + target + ")`.",
							Guidance.SAI + " " + Guidance.SECONDARY_INDEX, Guidance.indexFix(shape.table(), target,
									String.join(", ", shape.partitionKeyNames()), context.audience));
				}
				else if (className.contains("SASIIndex")) {
					add(context, Verdict.FAIL, "sasi-index", shape.name(),
							"SASI index `" + name + "` on `" + shape.name() + "(" + target
									+ ")` (an experimental index " + "type, deprecated in Cassandra 5.0).",
							Guidance.SECONDARY_INDEX, Guidance.indexFix(shape.table(), target,
									String.join(", ", shape.partitionKeyNames()), context.audience));
				}
				else {
					String kind = (index.getKind() == IndexKind.CUSTOM) ? "custom index" : "secondary index";
					add(context, Verdict.FAIL, "secondary-index", shape.name(),
							"A " + kind + " `" + name + "` on `" + shape.name() + "(" + target + ")`: lookups by `"
									+ target + "` ask every node.",
							Guidance.SECONDARY_INDEX, Guidance.indexFix(shape.table(), target,
									String.join(", ", shape.partitionKeyNames()), context.audience));
				}
			}
		}
	}

	private static void views(CheckContext context) {
		for (TableShape shape : context.views.values()) {
			ViewMetadata view = (ViewMetadata) shape.metadata();
			String base = context.nameOf(view.getKeyspace().asInternal(), view.getBaseTable().asInternal());
			add(context, Verdict.FAIL, "materialized-view", base, "Materialized view `" + shape.name() + "` copies `"
					+ base + "` with the primary key (" + String.join(", ", shape.partitionKeyNames())
					+ (shape.clusteringNames().isEmpty() ? "" : "; " + String.join(", ", shape.clusteringNames()))
					+ ").", Guidance.MATERIALIZED_VIEW, Guidance.materializedViewFix(context.audience));
		}
	}

	private static void batch(CheckContext context, CataloguedStatement statement, CqlStatement.Batch batch) {
		if (batch.type() != CqlStatement.BatchType.UNLOGGED || batch.statements().size() < 2) {
			return;
		}
		Set<String> tables = new LinkedHashSet<>();
		Set<String> keys = new LinkedHashSet<>();
		boolean markers = false;
		for (CqlStatement inner : batch.statements()) {
			String table = inner.target().map(statement::nameOf).orElse("");
			tables.add(table);
			Optional<TableShape> shape = context.shape(table);
			if (shape.isEmpty()) {
				continue;
			}
			List<String> values = new ArrayList<>();
			for (String column : shape.get().partitionKeyNames()) {
				Optional<CqlStatement.Term> value = keyValue(inner, column);
				if (value.isEmpty() || value.get().kind() != CqlStatement.Term.Kind.CONSTANT) {
					markers = true;
				}
				values.add(value.map(CqlStatement.Term::text).orElse("?"));
			}
			keys.add(table + values);
		}
		String table = statement.table();
		if (tables.size() > 1 || keys.size() > 1 && !markers) {
			add(context, statement, Verdict.FAIL, "unlogged-batch", table,
					statement.id() + " is an unlogged batch across "
							+ ((tables.size() > 1) ? tables.size() + " tables (" + String.join(", ", tables) + ")"
									: keys.size() + " partitions")
							+ ".",
					Guidance.UNLOGGED_BATCH, Guidance.unloggedBatchFix(context.audience));
		}
		else if (markers) {
			add(context, statement, Verdict.WARN, "unlogged-batch", table,
					statement.id() + " is an unlogged batch whose statements bind their partition keys separately: "
							+ "it spans several partitions unless every statement gets the same key.",
					Guidance.UNLOGGED_BATCH, Guidance.unloggedBatchFix(context.audience));
		}
	}

	private static Optional<CqlStatement.Term> keyValue(CqlStatement statement, String column) {
		if (statement instanceof CqlStatement.Insert insert) {
			return insert.valueOf(column);
		}
		List<Relation> where = (statement instanceof CqlStatement.Update update) ? update.where()
				: (statement instanceof CqlStatement.Delete delete) ? delete.where() : List.of();
		return where.stream()
			.filter((relation) -> relation.selectsByKey(column) && relation.operator() == Operator.EQ)
			.map(Relation::value)
			.findFirst();
	}

	private static void listOperations(CheckContext context, CataloguedStatement statement, CqlStatement parsed) {
		String table = parsed.target().map(statement::nameOf).orElse("");
		Optional<TableShape> shape = context.shape(table);
		if (shape.isEmpty()) {
			return;
		}
		List<String> operations = new ArrayList<>();
		if (parsed instanceof CqlStatement.Update update) {
			for (CqlStatement.Assignment assignment : update.assignments()) {
				if (shape.get().isNonFrozenList(assignment.column())) {
					if (assignment.kind() == AssignmentKind.SET_ELEMENT) {
						operations.add("`SET " + assignment.column() + "[index] = ...`");
					}
					else if (assignment.kind() == AssignmentKind.REMOVE) {
						operations.add("`SET " + assignment.column() + " = " + assignment.column() + " - ...`");
					}
				}
			}
		}
		if (parsed instanceof CqlStatement.Delete delete) {
			for (CqlStatement.Deletion deletion : delete.columns()) {
				if (deletion.element() && shape.get().isNonFrozenList(deletion.column())) {
					operations.add("`DELETE " + deletion.column() + "[index]`");
				}
			}
		}
		if (!operations.isEmpty()) {
			add(context, statement, Verdict.FAIL, "list-read-before-write", table,
					statement.id() + " writes a list of `" + table + "` with " + String.join(" and ", operations)
							+ ": the node reads the list before writing it.",
					Guidance.LIST_READ_BEFORE_WRITE, Guidance.LIST_READ_BEFORE_WRITE_FIX);
		}
	}

	private static void tombstones(CheckContext context, TableShape shape) {
		String table = shape.name();
		if (shape.clustering().isEmpty() || context.isInfrastructure(table)) {
			return;
		}
		List<String> sources = new ArrayList<>();
		// A TTL on a time-bucketed table expires old buckets, partitions that are no
		// longer read; on any other table, expired cells sit among the live rows that are
		// read.
		boolean bucketed = !shape.timeBuckets().isEmpty() && shape.timeOrderedBy().isPresent();
		for (CataloguedStatement statement : context.statements) {
			statement.parsed().ifPresent((parsed) -> {
				List<CqlStatement> parts = (parsed instanceof CqlStatement.Batch batch) ? batch.statements()
						: List.of(parsed);
				for (CqlStatement part : parts) {
					if (!part.target().map(statement::nameOf).orElse("").equals(table)) {
						continue;
					}
					if (part instanceof CqlStatement.Delete delete && !deletesWholePartition(delete, shape)) {
						sources.add(statement.id() + " deletes " + (delete.columns().isEmpty() ? "rows" : "cells"));
					}
					if (!bucketed && (part instanceof CqlStatement.Insert insert && insert.usingTtl()
							|| part instanceof CqlStatement.Update update && update.usingTtl())) {
						sources.add(statement.id() + " writes with a TTL");
					}
				}
			});
		}
		if (!bucketed && shape.defaultTimeToLive() > 0) {
			sources.add("the table's default_time_to_live of " + shape.defaultTimeToLive() + " s");
		}
		context.facts(table)
			.map(SizingFacts::deletesPerSecondPerPartition)
			.filter((rate) -> rate > 0)
			.ifPresent((rate) -> sources.add("declared deletes of " + Units.rate(rate) + " per partition"));
		if (sources.isEmpty()) {
			return;
		}
		List<String> slices = new ArrayList<>();
		for (CataloguedStatement statement : context.statements) {
			if (statement.isRead() && statement.table().equals(table)
					&& statement.parsed().filter(CqlStatement.Select.class::isInstance).isPresent()) {
				CqlStatement.Select select = (CqlStatement.Select) statement.parsed().get();
				if (!selectsOneRow(select, shape)) {
					slices.add(statement.id() + readDirection(select, shape));
				}
			}
		}
		if (slices.isEmpty()) {
			return;
		}
		add(context, Verdict.WARN, "tombstones", table,
				"Rows of `" + table + "` are deleted or expire (" + String.join("; ", sources)
						+ ") in partitions read by slices (" + String.join(", ", slices)
						+ "): every read scans the tombstones in its range.",
				Guidance.TOMBSTONES, Guidance.TOMBSTONES_FIX);
	}

	private static String readDirection(CqlStatement.Select select, TableShape shape) {
		return shape.timeOrderedBy().map((column) -> {
			boolean descending = shape.descending(column);
			if (!select.orderBy().isEmpty()) {
				CqlStatement.Ordering first = select.orderBy().get(0);
				descending = first.descending() == shape.descending(first.column()) ? descending : !descending;
			}
			return descending ? ", newest first" : ", oldest first";
		}).orElse("");
	}

	private static boolean deletesWholePartition(CqlStatement.Delete delete, TableShape shape) {
		return delete.columns().isEmpty() && delete.where()
			.stream()
			.allMatch((relation) -> relation.columns().stream().allMatch(shape.partitionKeyNames()::contains));
	}

	private static boolean selectsOneRow(CqlStatement.Select select, TableShape shape) {
		return shape.clusteringNames()
			.stream()
			.allMatch((column) -> select.where()
				.stream()
				.anyMatch((relation) -> relation.columns().equals(List.of(column))
						&& relation.operator() == Operator.EQ));
	}

	private static void add(CheckContext context, Verdict verdict, String rule, String table, String problem,
			String why, String fix) {
		context.add(new Finding(verdict, Check.ANTI_PATTERN, rule, table, table, problem, why, fix));
	}

	private static void add(CheckContext context, CataloguedStatement statement, Verdict verdict, String rule,
			String table, String problem, String why, String fix) {
		context.add(new Finding(verdict, Check.ANTI_PATTERN, rule, statement.id(), table, problem, why, fix));
	}

}
