package dev.querydriven.modelcheck.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.schema.ClusteringOrder;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.Consistency;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.catalog.WritePattern;

/**
 * The README's access-pattern tables, generated from the query catalogue (the one place
 * each statement's CQL is written) and the live schema (each table's key): one row per
 * query with its table, partition key, clustering order, the levels it runs at and its
 * statements, then one row per write with its levels. The README keeps them between
 * {@code <!-- access-patterns:begin -->} and {@code <!-- access-patterns:end -->};
 * {@link #verifyReadme(QueryCatalog, KeyspaceMetadata, Path)} fails when they are out of
 * date, and rewrites them with {@code -Dquerydriven.update-generated=true}.
 */
public final class AccessPatternTable {

	/** The line before the generated tables. */
	public static final String BEGIN = "<!-- access-patterns:begin (generated from the query catalogue) -->";

	/** The line after them. */
	public static final String END = "<!-- access-patterns:end -->";

	private AccessPatternTable() {
	}

	/**
	 * The tables as Markdown.
	 * @param catalog the catalogue
	 * @param keyspace the live schema
	 * @return the Markdown (without the markers)
	 */
	public static String markdown(QueryCatalog catalog, KeyspaceMetadata keyspace) {
		StringBuilder text = new StringBuilder();
		text.append("| Q | Query | Table | Partition key | Clustering (order) | Consistency | CQL |\n");
		text.append("|---|---|---|---|---|---|---|\n");
		for (AccessPattern pattern : catalog.accessPatterns()) {
			Optional<TableMetadata> table = keyspace.getTable(CqlIdentifier.fromInternal(pattern.table()));
			text.append("| ")
				.append(pattern.id())
				.append(" | ")
				.append(cell(pattern.description()))
				.append(" | `")
				.append(pattern.table())
				.append("` | ")
				.append(table.map(AccessPatternTable::partitionKey).orElse("?"))
				.append(" | ")
				.append(table.map(AccessPatternTable::clustering).orElse("?"))
				.append(" | ")
				.append(levels(pattern.consistencies()))
				.append(" | ")
				.append(pattern.statements()
					.stream()
					.map((cql) -> "`" + cell(cql) + "`")
					.collect(Collectors.joining("<br>")))
				.append(" |\n");
		}
		List<WritePattern> writes = catalog.writePatterns();
		if (!writes.isEmpty()) {
			text.append("\n| W | Write | Table | Consistency | CQL |\n");
			text.append("|---|---|---|---|---|\n");
			for (WritePattern write : writes) {
				text.append("| ")
					.append(write.id())
					.append(" | ")
					.append(cell(write.description()))
					.append(" | `")
					.append(write.table())
					.append("` | ")
					.append(levels(write.consistencies()))
					.append(" | `")
					.append(cell(write.cql()))
					.append("` |\n");
			}
		}
		return text.toString();
	}

	/**
	 * Fails when the README's generated tables differ from the catalogue's (rewrites them
	 * with {@code -Dquerydriven.update-generated=true}).
	 * @param catalog the catalogue
	 * @param keyspace the live schema
	 * @param readme the README, holding the markers
	 * @throws AssertionError when the README is out of date or lacks the markers
	 */
	public static void verifyReadme(QueryCatalog catalog, KeyspaceMetadata keyspace, Path readme) {
		String content = read(readme);
		int begin = content.indexOf(BEGIN);
		int end = content.indexOf(END);
		if (begin < 0 || end < begin) {
			throw new AssertionError(readme + " has no generated access-pattern tables: put the lines\n  " + BEGIN
					+ "\n  " + END + "\nwhere they belong and regenerate with -D" + ModelCheckHarness.UPDATE_PROPERTY
					+ "=true");
		}
		String expected = content.substring(0, begin + BEGIN.length()) + "\n" + markdown(catalog, keyspace)
				+ content.substring(end);
		if (expected.equals(content)) {
			return;
		}
		if (Boolean.getBoolean(ModelCheckHarness.UPDATE_PROPERTY)) {
			try {
				Files.writeString(readme, expected);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Could not write " + readme, ex);
			}
			return;
		}
		throw new AssertionError(readme + "'s access-pattern tables are out of date with the query catalogue "
				+ "(regenerate with -D" + ModelCheckHarness.UPDATE_PROPERTY + "=true)");
	}

	private static String partitionKey(TableMetadata table) {
		return table.getPartitionKey()
			.stream()
			.map((column) -> "`" + column.getName().asInternal() + "`")
			.collect(Collectors.joining(", ", (table.getPartitionKey().size() > 1) ? "(" : "",
					(table.getPartitionKey().size() > 1) ? ")" : ""));
	}

	private static String clustering(TableMetadata table) {
		Map<ColumnMetadata, ClusteringOrder> clustering = table.getClusteringColumns();
		if (clustering.isEmpty()) {
			return "–";
		}
		return clustering.entrySet()
			.stream()
			.map((entry) -> entry.getKey().getName().asInternal() + " "
					+ ((entry.getValue() == ClusteringOrder.DESC) ? "DESC" : "ASC"))
			.collect(Collectors.joining(", ", "`", "`"));
	}

	/**
	 * The levels a statement may run at, one a line; "?" when the catalogue declares none
	 * (which the services' tests refuse).
	 */
	private static String levels(List<Consistency> consistencies) {
		if (consistencies.isEmpty()) {
			return "?";
		}
		return consistencies.stream().map(Consistency::describe).collect(Collectors.joining("<br>"));
	}

	private static String cell(String text) {
		return text.replace("|", "\\|").replace("\n", " ");
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + file, ex);
		}
	}

}
