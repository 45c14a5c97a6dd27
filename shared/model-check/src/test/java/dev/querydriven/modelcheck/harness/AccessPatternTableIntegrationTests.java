package dev.querydriven.modelcheck.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.Consistency;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.catalog.SizingFacts;
import dev.querydriven.modelcheck.catalog.WritePattern;
import dev.querydriven.modelcheck.fixture.Fixtures;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static com.datastax.oss.driver.api.core.DefaultConsistencyLevel.LOCAL_QUORUM;
import static com.datastax.oss.driver.api.core.DefaultConsistencyLevel.LOCAL_SERIAL;
import static com.datastax.oss.driver.api.core.DefaultConsistencyLevel.SERIAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The README's access-pattern tables, generated from a catalogue and the live schema of
 * the guide's good designs: each query and write with its key, its levels and its CQL.
 */
@CassandraTest
class AccessPatternTableIntegrationTests {

	private static KeyspaceMetadata keyspace;

	@TempDir
	Path directory;

	@BeforeAll
	static void loadSchema() {
		Fixtures.load("guide-good", Fixtures.GOOD);
		try (CqlSession session = SharedCassandra.serviceSession(Fixtures.GOOD)) {
			keyspace = session.getMetadata().getKeyspace(Fixtures.GOOD).orElseThrow();
		}
	}

	/**
	 * A query's row names its table's key, its levels one a line and its statements; a
	 * write's names its levels, a lightweight transaction's serial level with its commit
	 * level.
	 */
	@Test
	void tablesShowEachStatementsLevels() {
		assertThat(AccessPatternTable.markdown(new UsersCatalog(), keyspace)).isEqualTo("""
				| Q | Query | Table | Partition key | Clustering (order) | Consistency | CQL |
				|---|---|---|---|---|---|---|
				| Q1 | a user by email | `users_by_email` | `email` | – | LOCAL_QUORUM<br>SERIAL | \
				`SELECT user_id FROM users_by_email WHERE email = ?` |

				| W | Write | Table | Consistency | CQL |
				|---|---|---|---|---|
				| W1 | claim an email | `users_by_email` | LOCAL_SERIAL, commit LOCAL_QUORUM | \
				`INSERT INTO users_by_email (email, user_id) VALUES (?, ?) IF NOT EXISTS` |
				""");
	}

	/**
	 * A README whose tables differ from the catalogue's fails, naming the switch that
	 * regenerates them; with the generated tables between its markers, it passes.
	 */
	@Test
	void readmeOutOfDateFails() throws IOException {
		Path readme = this.directory.resolve("README.md");
		Files.writeString(readme, readme("| Q | Query |\n"));
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> AccessPatternTable.verifyReadme(new UsersCatalog(), keyspace, readme))
			.withMessageContaining("out of date")
			.withMessageContaining("-D" + ModelCheckHarness.UPDATE_PROPERTY + "=true");
		Files.writeString(readme, readme(AccessPatternTable.markdown(new UsersCatalog(), keyspace)));
		AccessPatternTable.verifyReadme(new UsersCatalog(), keyspace, readme);
	}

	/** A README with its own text around the generated tables. */
	private static String readme(String tables) {
		return "# users\n\n" + AccessPatternTable.BEGIN + "\n" + tables + AccessPatternTable.END + "\n\nMore text.\n";
	}

	/** A lookup read at a local quorum (and at SERIAL after a claim), and the claim. */
	static class UsersCatalog implements QueryCatalog {

		@Override
		public String keyspace() {
			return Fixtures.GOOD;
		}

		@Override
		public List<AccessPattern> accessPatterns() {
			return List.of(new AccessPattern("Q1", "a user by email", "users_by_email",
					"SELECT user_id FROM users_by_email WHERE email = ?", "",
					SizingFacts.singleRow(1_000, 60, 0.01, "one row per user"))
				.at(Consistency.of(LOCAL_QUORUM), Consistency.of(SERIAL)));
		}

		@Override
		public List<WritePattern> writePatterns() {
			return List.of(new WritePattern("W1", "claim an email", "users_by_email",
					"INSERT INTO users_by_email (email, user_id) VALUES (?, ?) IF NOT EXISTS")
				.at(Consistency.lwt(LOCAL_QUORUM, LOCAL_SERIAL)));
		}

	}

}
