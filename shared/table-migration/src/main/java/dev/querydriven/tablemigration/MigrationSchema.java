package dev.querydriven.tablemigration;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;

/**
 * The engine's own tables, {@code table_migrations} and {@code table_migration_ranges}.
 * They are infrastructure, not query tables, and live in the service's keyspace: a
 * service copies {@value #RESOURCE} (in this jar, and in
 * {@code shared/table-migration/src/main/resources}) unchanged into its
 * {@code src/main/resources/cql/} under its next free number, so that its versioned
 * schema stays the one place where its tables are created.
 */
public final class MigrationSchema {

	/** The class-path location of the CQL file that creates the engine's tables. */
	public static final String RESOURCE = "dev/querydriven/tablemigration/table_migrations.cql";

	/** The engine's tables and their role, for a service's query catalogue. */
	public static final Map<String, String> INFRASTRUCTURE_TABLES = Map.of("table_migrations",
			"table-migration phases and job state (dev.querydriven.tablemigration)", "table_migration_ranges",
			"token-range checkpoints of table-migration jobs (dev.querydriven.tablemigration)");

	private MigrationSchema() {
	}

	/**
	 * The statements of {@value #RESOURCE}, comments removed.
	 * @return the {@code CREATE TABLE} statements, without their trailing {@code ;}
	 */
	public static List<String> statements() {
		try (InputStream in = MigrationSchema.class.getClassLoader().getResourceAsStream(RESOURCE)) {
			if (in == null) {
				throw new IllegalStateException(RESOURCE + " is missing from the class path");
			}
			String cql = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
				.filter((line) -> !line.strip().startsWith("--"))
				.collect(Collectors.joining("\n"));
			return Arrays.stream(cql.split(";"))
				.map(String::strip)
				.filter((statement) -> !statement.isEmpty())
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Fails fast, with the fix in the message, when the session's keyspace lacks the
	 * engine's tables.
	 * @param session a session logged into the service's keyspace
	 */
	static void requireTables(CqlSession session) {
		CqlIdentifier keyspace = session.getKeyspace()
			.orElseThrow(() -> new IllegalStateException(
					"The migration engine needs a session logged into the service's keyspace (USE or "
							+ "spring.cassandra.keyspace-name)"));
		KeyspaceMetadata metadata = session.getMetadata().getKeyspace(keyspace).orElse(null);
		for (String table : INFRASTRUCTURE_TABLES.keySet()) {
			if (metadata != null && metadata.getTable(table).isEmpty()) {
				throw new IllegalStateException("Table " + keyspace.asCql(true) + "." + table + " is missing: copy "
						+ RESOURCE + " into the service's cql/ schema files");
			}
		}
	}

}
