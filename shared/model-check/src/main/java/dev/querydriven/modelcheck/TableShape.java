package dev.querydriven.modelcheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.schema.ClusteringOrder;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.RelationMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.protocol.internal.ProtocolConstants;

/**
 * A table (or view) of the live schema, read from the driver's metadata: its key parts,
 * and whether it is a time series and bucketed.
 */
final class TableShape {

	/**
	 * Partition-key columns named like a time bucket ({@code date}, {@code month},
	 * {@code year_month}, {@code hour}, {@code bucket}, ...).
	 */
	private static final Pattern BUCKET_NAME = Pattern
		.compile("(^|_)(date|day|days|week|month|year|hour|minute|bucket|period|window|ym|ymd|yyyymm|yyyymmdd)(_|$)");

	/**
	 * Clustering columns named like a point in time ({@code post_time},
	 * {@code created_at}).
	 */
	private static final Pattern TIME_NAME = Pattern.compile("(^|_)(time|at|ts|timestamp|date|instant)$");

	private final RelationMetadata metadata;

	private final String name;

	/**
	 * @param metadata the table or view
	 * @param name its name in the report: the table's, or {@code keyspace.table} when the
	 * check judges several keyspaces
	 */
	TableShape(RelationMetadata metadata, String name) {
		this.metadata = metadata;
		this.name = name;
	}

	/** The name in the report, findings and exemptions. */
	String name() {
		return this.name;
	}

	/** The keyspace's internal name. */
	String keyspace() {
		return this.metadata.getKeyspace().asInternal();
	}

	/** The table's internal name, without its keyspace. */
	String table() {
		return this.metadata.getName().asInternal();
	}

	RelationMetadata metadata() {
		return this.metadata;
	}

	List<ColumnMetadata> partitionKey() {
		return this.metadata.getPartitionKey();
	}

	Map<ColumnMetadata, ClusteringOrder> clustering() {
		return this.metadata.getClusteringColumns();
	}

	List<String> partitionKeyNames() {
		return partitionKey().stream().map((column) -> column.getName().asInternal()).toList();
	}

	List<String> clusteringNames() {
		return clustering().keySet().stream().map((column) -> column.getName().asInternal()).toList();
	}

	boolean descending(String clusteringColumn) {
		return clustering().entrySet()
			.stream()
			.anyMatch((entry) -> entry.getKey().getName().asInternal().equals(clusteringColumn)
					&& entry.getValue() == ClusteringOrder.DESC);
	}

	List<ColumnMetadata> statics() {
		return this.metadata.getColumns().values().stream().filter(ColumnMetadata::isStatic).toList();
	}

	/** Clustering and regular columns: the values of one row. */
	List<ColumnMetadata> rowColumns() {
		return this.metadata.getColumns()
			.values()
			.stream()
			.filter((column) -> !column.isStatic() && !partitionKey().contains(column))
			.toList();
	}

	int columnCount() {
		return this.metadata.getColumns().size();
	}

	Optional<ColumnMetadata> column(String name) {
		return this.metadata.getColumn(CqlIdentifier.fromInternal(name));
	}

	boolean isPrimaryKey(String name) {
		return partitionKeyNames().contains(name) || clusteringNames().contains(name);
	}

	/** Whether a column is a list that is not frozen (element writes need a read). */
	boolean isNonFrozenList(String name) {
		return column(name).map(ColumnMetadata::getType)
			.filter(ListType.class::isInstance)
			.map(ListType.class::cast)
			.filter((list) -> !list.isFrozen())
			.isPresent();
	}

	List<ColumnInfo> columns() {
		List<ColumnInfo> columns = new ArrayList<>();
		for (ColumnMetadata column : partitionKey()) {
			columns.add(info(column, ColumnInfo.Role.PARTITION_KEY));
		}
		clustering().forEach((column, order) -> columns.add(info(column,
				(order == ClusteringOrder.DESC) ? ColumnInfo.Role.CLUSTERING_DESC : ColumnInfo.Role.CLUSTERING_ASC)));
		for (ColumnMetadata column : this.metadata.getColumns().values()) {
			if (!isPrimaryKey(column.getName().asInternal())) {
				columns.add(info(column, column.isStatic() ? ColumnInfo.Role.STATIC : ColumnInfo.Role.REGULAR));
			}
		}
		return columns;
	}

	private static ColumnInfo info(ColumnMetadata column, ColumnInfo.Role role) {
		return new ColumnInfo(column.getName().asCql(true), column.getType().asCql(true, true), role);
	}

	/**
	 * The first clustering column that orders rows by time, when there is one: a time
	 * series grows for as long as the application runs.
	 * @return the column
	 */
	Optional<String> timeOrderedBy() {
		return clustering().keySet()
			.stream()
			.filter((column) -> isTime(column.getType()) || TIME_NAME.matcher(column.getName().asInternal()).find())
			.map((column) -> column.getName().asInternal())
			.findFirst();
	}

	/**
	 * The partition-key columns that are time buckets (a date, or named like one).
	 * @return the bucket columns, empty when the partition is not bucketed
	 */
	List<String> timeBuckets() {
		return partitionKey().stream()
			.filter((column) -> isTime(column.getType())
					|| BUCKET_NAME.matcher(column.getName().asInternal().toLowerCase(Locale.ROOT)).find())
			.map((column) -> column.getName().asInternal())
			.toList();
	}

	String comment() {
		Object comment = this.metadata.getOptions().get(CqlIdentifier.fromInternal("comment"));
		return (comment != null) ? comment.toString() : "";
	}

	int defaultTimeToLive() {
		Object ttl = this.metadata.getOptions().get(CqlIdentifier.fromInternal("default_time_to_live"));
		return (ttl instanceof Number number) ? number.intValue() : 0;
	}

	private static boolean isTime(DataType type) {
		int code = type.getProtocolCode();
		return code == ProtocolConstants.DataType.TIMESTAMP || code == ProtocolConstants.DataType.TIMEUUID
				|| code == ProtocolConstants.DataType.DATE;
	}

}
