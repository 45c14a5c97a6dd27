package dev.querydriven.modelcheck.catalog;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static com.datastax.oss.driver.api.core.DefaultConsistencyLevel.LOCAL_ONE;
import static com.datastax.oss.driver.api.core.DefaultConsistencyLevel.LOCAL_QUORUM;
import static com.datastax.oss.driver.api.core.DefaultConsistencyLevel.LOCAL_SERIAL;
import static com.datastax.oss.driver.api.core.DefaultConsistencyLevel.SERIAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The levels a catalogue declares, in words and against the levels statements ran at.
 */
class CatalogConsistencyTests {

	private static final String READ = "SELECT body FROM notes WHERE note_id = ?";

	private static final String CLAIM = "INSERT INTO notes (note_id, body) VALUES (?, ?) IF NOT EXISTS";

	/** A plain level reads as its name; a lightweight transaction's names both levels. */
	@Test
	void levelsInWords() {
		assertThat(Consistency.of(LOCAL_QUORUM).describe()).isEqualTo("LOCAL_QUORUM");
		assertThat(Consistency.of(SERIAL).describe()).isEqualTo("SERIAL");
		assertThat(Consistency.lwt(LOCAL_QUORUM, LOCAL_SERIAL).describe())
			.isEqualTo("LOCAL_SERIAL, commit LOCAL_QUORUM");
		assertThatIllegalArgumentException().isThrownBy(() -> Consistency.lwt(LOCAL_QUORUM, LOCAL_ONE))
			.withMessageContaining("SERIAL or LOCAL_SERIAL");
	}

	/**
	 * Declared levels add up, each once; the constructors without levels declare none.
	 */
	@Test
	void patternsDeclareTheirLevels() {
		AccessPattern read = new AccessPattern("Q1", "a note", "notes", READ, "", null);
		assertThat(read.consistencies()).isEmpty();
		assertThat(read.at(Consistency.of(LOCAL_QUORUM))
			.at(Consistency.of(SERIAL), Consistency.of(LOCAL_QUORUM))
			.consistencies()).containsExactly(Consistency.of(LOCAL_QUORUM), Consistency.of(SERIAL));
		assertThat(new WritePattern("W1", "a note", "notes", CLAIM).at(Consistency.lwt(LOCAL_QUORUM, SERIAL))
			.consistencies()).containsExactly(Consistency.lwt(LOCAL_QUORUM, SERIAL));
	}

	/** Statements that ran at their declared levels, each of them seen, are complete. */
	@Test
	void declaredLevelsSeenAreComplete() {
		CatalogConsistency levels = CatalogConsistency.of(catalog(Consistency.of(LOCAL_QUORUM)),
				Map.of("SELECT * FROM notes WHERE note_id=?", Set.of(Consistency.of(LOCAL_QUORUM)), CLAIM,
						Set.of(Consistency.lwt(LOCAL_QUORUM, LOCAL_SERIAL)),
						"SELECT version FROM schema_migration WHERE version = ?", Set.of(Consistency.of(LOCAL_ONE))));
		assertThat(levels.complete()).as(levels.describe()).isTrue();
		assertThat(levels.describe()).isEmpty();
	}

	/**
	 * A level nobody declared is reported with the statement and both levels, a declared
	 * level nobody ran at with its entry, and an entry without levels by its id.
	 */
	@Test
	void differencesAreNamed() {
		CatalogConsistency levels = CatalogConsistency.of(catalog(Consistency.of(LOCAL_QUORUM), Consistency.of(SERIAL)),
				Map.of(READ, Set.of(Consistency.of(LOCAL_QUORUM), Consistency.of(LOCAL_ONE)), CLAIM,
						Set.of(Consistency.lwt(LOCAL_QUORUM, LOCAL_SERIAL))));
		assertThat(levels.complete()).isFalse();
		assertThat(levels.unexpected())
			.containsExactly("Q1 ran at [LOCAL_ONE], but declares [LOCAL_QUORUM, SERIAL]: " + READ);
		assertThat(levels.neverObserved()).singleElement().asString().startsWith("Q1 declares SERIAL, but ran at");
		assertThat(levels.undeclared()).isEmpty();
		CatalogConsistency undeclared = CatalogConsistency.of(catalog(),
				Map.of(READ, Set.of(Consistency.of(LOCAL_ONE))));
		assertThat(undeclared.undeclared()).containsExactly("Q1, which ran at [LOCAL_ONE]");
		assertThat(undeclared.describe()).contains("Declares no level");
	}

	/**
	 * A note read at the given levels, and a claim at LOCAL_SERIAL committed at
	 * LOCAL_QUORUM.
	 */
	private static QueryCatalog catalog(Consistency... readLevels) {
		return new QueryCatalog() {

			@Override
			public String keyspace() {
				return "ks";
			}

			@Override
			public List<AccessPattern> accessPatterns() {
				return List.of(new AccessPattern("Q1", "a note", "notes", READ, "", null).at(readLevels));
			}

			@Override
			public List<WritePattern> writePatterns() {
				return List.of(new WritePattern("W1", "claim a note", "notes", CLAIM)
					.at(Consistency.lwt(LOCAL_QUORUM, LOCAL_SERIAL)));
			}

		};
	}

}
