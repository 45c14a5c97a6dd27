package dev.querydriven.testsupport.hostile;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import dev.querydriven.testcassandra.SharedCassandra;

/**
 * Every row of every table of a keyspace, read as the superuser (a full scan, which no
 * service ever does: it is how a test proves that nothing was written). Rows that are
 * about to expire (a TTL shorter than the given margin) are left out, so that a row
 * expiring between two snapshots is not mistaken for a deletion.
 */
final class TableSnapshot {

	private final Map<String, Set<String>> rows;

	private TableSnapshot(Map<String, Set<String>> rows) {
		this.rows = rows;
	}

	/**
	 * Reads every table.
	 * @param session a superuser session (see {@link SharedCassandra#adminSession()})
	 * @param keyspace the keyspace
	 * @param expiryMargin rows expiring sooner are left out
	 * @return the snapshot
	 */
	static TableSnapshot take(CqlSession session, String keyspace, Duration expiryMargin) {
		Map<String, Set<String>> rows = new TreeMap<>();
		KeyspaceMetadata metadata = session.getMetadata()
			.getKeyspace(keyspace)
			.orElseThrow(() -> new IllegalStateException("No keyspace " + keyspace));
		for (TableMetadata table : metadata.getTables().values()) {
			rows.put(table.getName().asInternal(), read(session, table, expiryMargin));
		}
		return new TableSnapshot(rows);
	}

	private static Set<String> read(CqlSession session, TableMetadata table, Duration expiryMargin) {
		List<ColumnMetadata> columns = new ArrayList<>(table.getColumns().values());
		List<ColumnMetadata> expiring = new ArrayList<>();
		Set<CqlIdentifier> keys = new HashSet<>();
		table.getPrimaryKey().forEach((column) -> keys.add(column.getName()));
		for (ColumnMetadata column : columns) {
			if (!keys.contains(column.getName()) && canHaveTtl(column)) {
				expiring.add(column);
			}
		}
		StringBuilder cql = new StringBuilder("SELECT ");
		for (int i = 0; i < columns.size(); i++) {
			cql.append((i > 0) ? ", " : "").append(columns.get(i).getName().asCql(true));
		}
		for (ColumnMetadata column : expiring) {
			cql.append(", TTL(").append(column.getName().asCql(true)).append(')');
		}
		cql.append(" FROM ").append(table.getKeyspace().asCql(true)).append('.').append(table.getName().asCql(true));
		// The snapshot reads each table whole, as no query of the service does: it
		// passes over every tombstone the module's other tests left (a status queue
		// moved on, demo data replayed in seconds), and the node's warnings about them
		// tell nothing of the service's queries. They are not logged, as in the model
		// check's counting scan, so that the warning capture does not fail the suite.
		DriverExecutionProfile quiet = session.getContext()
			.getConfig()
			.getDefaultProfile()
			.withBoolean(DefaultDriverOption.REQUEST_LOG_WARNINGS, false);
		Set<String> result = new TreeSet<>();
		for (Row row : session
			.execute(SimpleStatement.newInstance(cql.toString()).setPageSize(500).setExecutionProfile(quiet))) {
			if (expiresSoon(row, columns.size(), expiring.size(), expiryMargin)) {
				continue;
			}
			StringBuilder line = new StringBuilder();
			for (int i = 0; i < columns.size(); i++) {
				line.append((i > 0) ? ", " : "").append(columns.get(i).getName().asInternal()).append('=');
				line.append(format(row.getObject(i)));
			}
			result.add(line.toString());
		}
		return result;
	}

	private static boolean canHaveTtl(ColumnMetadata column) {
		if (column.getType().equals(DataTypes.COUNTER)) {
			return false;
		}
		boolean multiCell = (column.getType() instanceof ListType list && !list.isFrozen())
				|| (column.getType() instanceof SetType set && !set.isFrozen())
				|| (column.getType() instanceof MapType map && !map.isFrozen())
				|| (column.getType() instanceof UserDefinedType udt && !udt.isFrozen());
		return !multiCell;
	}

	private static boolean expiresSoon(Row row, int first, int count, Duration margin) {
		for (int i = first; i < first + count; i++) {
			if (!row.isNull(i) && row.getInt(i) < margin.toSeconds()) {
				return true;
			}
		}
		return false;
	}

	private static String format(Object value) {
		if (value instanceof ByteBuffer buffer) {
			StringBuilder hex = new StringBuilder("0x");
			ByteBuffer copy = buffer.duplicate();
			while (copy.hasRemaining()) {
				hex.append(String.format("%02x", copy.get()));
			}
			return hex.toString();
		}
		return String.valueOf(value);
	}

	/**
	 * What changed since this snapshot.
	 * @param after a later snapshot
	 * @param limit the most differences to list
	 * @return one line per row written, deleted or changed (as a deletion and an
	 * insertion), empty when the tables are the same
	 */
	List<String> differences(TableSnapshot after, int limit) {
		List<String> differences = new ArrayList<>();
		Set<String> tables = new TreeSet<>(this.rows.keySet());
		tables.addAll(after.rows.keySet());
		for (String table : tables) {
			Set<String> before = this.rows.getOrDefault(table, Set.of());
			Set<String> now = after.rows.getOrDefault(table, Set.of());
			for (String row : now) {
				if (!before.contains(row) && differences.size() < limit) {
					differences.add(table + ": written " + abbreviate(row));
				}
			}
			for (String row : before) {
				if (!now.contains(row) && differences.size() < limit) {
					differences.add(table + ": deleted " + abbreviate(row));
				}
			}
		}
		return differences;
	}

	int tables() {
		return this.rows.size();
	}

	int rows() {
		return this.rows.values().stream().mapToInt(Set::size).sum();
	}

	private static String abbreviate(String row) {
		return (row.length() > 300) ? row.substring(0, 300) + "…" : row;
	}

}
