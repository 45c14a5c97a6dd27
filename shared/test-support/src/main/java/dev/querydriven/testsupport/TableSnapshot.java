package dev.querydriven.testsupport;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;

/**
 * Every row of every table of a keyspace, as text: how a test proves that a value (an
 * erased user's street, a marker planted in an email) is left nowhere, in no table the
 * test author might have forgotten.
 *
 * <pre class="code">
 * TableSnapshot snapshot = TableSnapshot.of(session, "ecommerce_orders");
 * assertThat(snapshot.rowsContaining(street)).isEmpty();
 * </pre>
 *
 * <p>
 * Each row is the driver's formatted contents of {@code SELECT *}: text values quoted,
 * user-defined types and collections spelled out field by field, blobs in hexadecimal. A
 * marker is found as text, or as its UTF-8 bytes inside a blob (a serialized value).
 *
 * <p>
 * Read with a full scan of each table, which no service ever runs: the session must be
 * allowed to read every table, and to see its values unmasked (a superuser, or a role
 * holding {@code UNMASK}: a masked value would hide the marker and prove nothing). The
 * scan passes over every tombstone the module's tests left; the node's warnings about
 * them are not logged, so that a test failing on Cassandra warnings does not fail on the
 * snapshot's own. What it cannot see is what a {@code SELECT} never returns: deleted and
 * overwritten values still in SSTables until compaction purges them.
 */
public final class TableSnapshot {

	private final Map<String, List<String>> rows;

	private TableSnapshot(Map<String, List<String>> rows) {
		this.rows = rows;
	}

	/**
	 * Reads every table of a keyspace.
	 * @param session a session that may read every table unmasked
	 * @param keyspace the keyspace
	 * @return the snapshot
	 */
	public static TableSnapshot of(CqlSession session, String keyspace) {
		KeyspaceMetadata metadata = session.getMetadata()
			.getKeyspace(keyspace)
			.orElseThrow(() -> new IllegalStateException("No keyspace " + keyspace + " in the session's metadata"));
		return of(session, keyspace,
				metadata.getTables().values().stream().map((table) -> table.getName().asInternal()).toList());
	}

	/**
	 * Reads some tables of a keyspace: e.g. {@code system.paxos}, where Cassandra keeps
	 * each partition's latest lightweight transaction (readable by a superuser only).
	 * @param session a session that may read the tables unmasked
	 * @param keyspace the keyspace
	 * @param tables the tables' names
	 * @return the snapshot
	 */
	public static TableSnapshot of(CqlSession session, String keyspace, List<String> tables) {
		DriverExecutionProfile quiet = session.getContext()
			.getConfig()
			.getDefaultProfile()
			.withBoolean(DefaultDriverOption.REQUEST_LOG_WARNINGS, false);
		Map<String, List<String>> rows = new TreeMap<>();
		for (String table : tables) {
			String cql = "SELECT * FROM " + CqlIdentifier.fromInternal(keyspace).asCql(true) + "."
					+ CqlIdentifier.fromInternal(table).asCql(true);
			List<String> lines = new ArrayList<>();
			for (Row row : session
				.execute(SimpleStatement.newInstance(cql).setPageSize(500).setExecutionProfile(quiet))) {
				lines.add(row.getFormattedContents());
			}
			rows.put(table, lines);
		}
		return new TableSnapshot(rows);
	}

	/**
	 * Whether any row of any table holds a marker.
	 * @param marker the text to look for
	 * @return {@code true} when some row holds it, as text or inside a blob
	 */
	public boolean containsAnywhere(String marker) {
		return !rowsContaining(marker).isEmpty();
	}

	/**
	 * The rows holding a marker, for a failure message that shows where it was left.
	 * @param marker the text to look for
	 * @return {@code table: row} for each row holding it, as text or inside a blob
	 */
	public List<String> rowsContaining(String marker) {
		String hex = HexFormat.of().formatHex(marker.getBytes(StandardCharsets.UTF_8));
		List<String> found = new ArrayList<>();
		this.rows.forEach((table, lines) -> {
			for (String line : lines) {
				if (line.contains(marker) || line.toLowerCase().contains(hex)) {
					found.add(table + ": " + line);
				}
			}
		});
		return found;
	}

	/**
	 * The tables read.
	 * @return their names
	 */
	public List<String> tables() {
		return List.copyOf(this.rows.keySet());
	}

	/**
	 * How many rows a table held.
	 * @param table the table
	 * @return its rows, 0 for a table the snapshot did not read
	 */
	public int rows(String table) {
		return this.rows.getOrDefault(table, List.of()).size();
	}

}
