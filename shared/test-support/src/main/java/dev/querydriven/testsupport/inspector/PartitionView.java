package dev.querydriven.testsupport.inspector;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PagingState;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import reactor.core.publisher.Mono;

import org.springframework.util.MultiValueMap;

/**
 * One partition of one table, read a page at a time: what {@code cqlsh} would show with
 * {@code SELECT * FROM t WHERE <the full partition key>}, without installing it. The
 * table must be one of the service's keyspace, the key given column by column
 * ({@code ?user_id=...&day=2026-12-07}); the statement restricts the whole partition key,
 * so it is never a range scan, and reads 100 rows a page with Cassandra's own paging.
 *
 * <p>
 * The statement's text is made from the schema's metadata (the table and its column
 * names, quoted as CQL identifiers), never from what the caller typed; the caller's
 * values are bound, parsed by the driver's codec for each column's type.
 */
final class PartitionView {

	static final int PAGE_ROWS = 100;

	private final CqlSession session;

	private final Map<String, CompletionStage<PreparedStatement>> statements = new ConcurrentHashMap<>();

	PartitionView(CqlSession session) {
		this.session = session;
	}

	/**
	 * Reads a page of a partition.
	 * @param qualifiedTable {@code keyspace.table}
	 * @param parameters the partition key's columns, and {@code page} for a next page
	 * @return the page, or an error naming what was wrong
	 */
	Mono<Page> read(String qualifiedTable, MultiValueMap<String, String> parameters) {
		Optional<TableMetadata> found = table(qualifiedTable);
		if (found.isEmpty()) {
			return Mono.error(new UnknownTable(qualifiedTable));
		}
		TableMetadata table = found.get();
		List<ColumnMetadata> key = table.getPartitionKey();
		for (String name : parameters.keySet()) {
			if (!name.equals("page") && key.stream().noneMatch((column) -> name(column).equals(name))) {
				return Mono.error(new BadKey(name, "is not a partition-key column of " + qualifiedTable));
			}
		}
		List<Object> values = new ArrayList<>();
		Map<String, Object> partitionKey = new LinkedHashMap<>();
		for (ColumnMetadata column : key) {
			String text = parameters.getFirst(name(column));
			if (text == null) {
				return Mono.error(new BadKey(name(column), "is required: the partition key is " + names(key)));
			}
			Object value = parse(column, text);
			if (value == null) {
				return Mono.error(new BadKey(name(column), "is not a " + column.getType().asCql(false, true)));
			}
			values.add(value);
			partitionKey.put(name(column), InspectorReport.json(value));
		}
		String page = parameters.getFirst("page");
		return Mono.fromCompletionStage(prepared(table)).flatMap((prepared) -> {
			BoundStatement statement = prepared.bind(values.toArray()).setPageSize(PAGE_ROWS);
			if (page != null) {
				try {
					statement = statement.setPagingState(PagingState.fromString(page), this.session);
				}
				catch (IllegalArgumentException ex) {
					return Mono.error(new BadKey("page", "is not a page of this partition"));
				}
			}
			BoundStatement sent = statement;
			return Mono.fromCompletionStage(() -> this.session.executeAsync(sent))
				.map((rows) -> page(qualifiedTable, table, partitionKey, sent, rows));
		});
	}

	private Page page(String qualifiedTable, TableMetadata table, Map<String, Object> partitionKey,
			BoundStatement statement, AsyncResultSet rows) {
		List<String> columns = table.getColumns().keySet().stream().map(CqlIdentifier::asInternal).toList();
		List<Map<String, Object>> page = new ArrayList<>();
		String token = null;
		for (Row row : rows.currentPage()) {
			token = String.valueOf(row.getLong(0));
			Map<String, Object> values = new LinkedHashMap<>();
			for (int i = 0; i < columns.size(); i++) {
				values.put(columns.get(i), InspectorReport.json(row.getObject(i + 1)));
			}
			page.add(values);
		}
		if (token == null) {
			// An empty partition has no row to carry the node's token: the driver's token
			// map computes the same function of the same key.
			ByteBuffer routingKey = statement.getRoutingKey();
			token = this.session.getMetadata()
				.getTokenMap()
				.map((tokens) -> tokens.format(tokens.newToken(routingKey)))
				.orElse(null);
		}
		PagingState next = rows.hasMorePages() ? rows.getExecutionInfo().getSafePagingState() : null;
		return new Page(qualifiedTable, partitionKey, token, columns, page, (next != null) ? next.toString() : null);
	}

	private Optional<TableMetadata> table(String qualifiedTable) {
		int dot = qualifiedTable.indexOf('.');
		Optional<CqlIdentifier> own = this.session.getKeyspace();
		if (dot < 0 || own.isEmpty() || !own.get().asInternal().equals(qualifiedTable.substring(0, dot))) {
			return Optional.empty();
		}
		return this.session.getMetadata()
			.getKeyspace(own.get())
			.flatMap((keyspace) -> keyspace.getTable(CqlIdentifier.fromInternal(qualifiedTable.substring(dot + 1))));
	}

	private CompletionStage<PreparedStatement> prepared(TableMetadata table) {
		return this.statements.computeIfAbsent(table.getKeyspace().asInternal() + "." + table.getName().asInternal(),
				(name) -> {
					StringBuilder cql = new StringBuilder("SELECT token(");
					cql.append(String.join(", ", table.getPartitionKey().stream().map(PartitionView::cql).toList()))
						.append(")");
					table.getColumns().keySet().forEach((column) -> cql.append(", ").append(column.asCql(true)));
					cql.append(" FROM ")
						.append(table.getKeyspace().asCql(true))
						.append('.')
						.append(table.getName().asCql(true))
						.append(" WHERE ")
						.append(String.join(" AND ",
								table.getPartitionKey().stream().map((column) -> cql(column) + " = ?").toList()));
					return this.session.prepareAsync(cql.toString());
				});
	}

	/**
	 * A value as the column's type reads it: the driver's codec parses CQL literals, so a
	 * text or date value is tried as it is, then quoted.
	 */
	private Object parse(ColumnMetadata column, String text) {
		TypeCodec<Object> codec = this.session.getContext().getCodecRegistry().codecFor(column.getType());
		if (String.class.equals(codec.getJavaType().getRawType())) {
			return text;
		}
		for (String literal : List.of(text, "'" + text.replace("'", "''") + "'")) {
			try {
				Object value = codec.parse(literal);
				if (value != null) {
					return value;
				}
			}
			catch (RuntimeException ex) {
				// Not this form: try the next.
			}
		}
		return null;
	}

	private static String name(ColumnMetadata column) {
		return column.getName().asInternal();
	}

	private static String cql(ColumnMetadata column) {
		return column.getName().asCql(true);
	}

	private static String names(List<ColumnMetadata> key) {
		return String.join(", ", key.stream().map(PartitionView::name).toList());
	}

	/**
	 * A page of a partition.
	 *
	 * @param table the table, qualified
	 * @param partitionKey the partition key, column by column
	 * @param token the partition's token, as the node computes it
	 * @param columns the table's columns, in the schema's order
	 * @param rows this page's rows, in clustering order
	 * @param next the next page's {@code page} parameter, or {@code null} for the last
	 */
	record Page(String table, Map<String, Object> partitionKey, String token, List<String> columns,
			List<Map<String, Object>> rows, String next) {

	}

	/** A table that is not the service's. */
	static final class UnknownTable extends RuntimeException {

		UnknownTable(String table) {
			// An answer, not a failure: no stack trace.
			super("No table " + table + " in the service's keyspace", null, false, false);
		}

	}

	/** A parameter that is missing, unknown or unparsable. */
	static final class BadKey extends RuntimeException {

		private final String field;

		private final String reason;

		BadKey(String field, String reason) {
			super(field + " " + reason, null, false, false);
			this.field = field;
			this.reason = reason;
		}

		String field() {
			return this.field;
		}

		String reason() {
			return this.reason;
		}

	}

}
