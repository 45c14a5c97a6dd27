package dev.querydriven.benchmarks.capture;

import java.util.List;
import java.util.Set;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How captured statements are ordered into stages for the replay.
 */
class CapturedRequestTests {

	/** Statements issued together, before any response, form one stage. */
	@Test
	void statementsInFlightTogetherShareAStage() {
		CapturedRequest request = CapturedRequest
			.of(List.of(statement("a", 0, 100), statement("b", 5, 80), statement("c", 10, 120)), Set.of(), 0);

		assertThat(request.stages()).hasSize(1);
		assertThat(request.stages().get(0)).extracting(CapturedRequestTests::query).containsExactly("a", "b", "c");
	}

	/**
	 * A statement issued after a response waits for that response's stage in the replay.
	 */
	@Test
	void statementIssuedAfterAResponseStartsANewStage() {
		CapturedRequest request = CapturedRequest.of(List.of(statement("read", 0, 100), statement("write", 110, 200),
				statement("other write", 115, 210), statement("last", 220, 300)), Set.of(), 0);

		assertThat(request.stages()).hasSize(3);
		assertThat(request.stages().get(1)).extracting(CapturedRequestTests::query)
			.containsExactly("write", "other write");
		assertThat(request.stages().get(2)).extracting(CapturedRequestTests::query).containsExactly("last");
	}

	/**
	 * A statement that waited only for the faster of two parallel reads runs after both
	 * in the replay.
	 */
	@Test
	void statementWaitsForTheStageOfTheLatestResponseItFollows() {
		CapturedRequest request = CapturedRequest.of(List.of(statement("slow read", 0, 500),
				statement("fast read", 1, 50), statement("after fast read", 60, 120)), Set.of(), 0);

		assertThat(request.stages()).hasSize(2);
		assertThat(request.stages().get(1)).extracting(CapturedRequestTests::query).containsExactly("after fast read");
	}

	/**
	 * Without its intent's statements, a write keeps its other statements in their stages
	 * and order, and the stages left empty (the intent's insert before the source, its
	 * completion after the copies) disappear.
	 */
	@Test
	void withoutTheWritesToATableTheOtherStagesKeepTheirOrder() {
		CapturedRequest request = CapturedRequest.of(
				List.of(statement("SELECT * FROM users_by_id", 0, 50),
						statement("INSERT INTO write_intents (bucket, shard) VALUES (?, ?)", 60, 100),
						statement("INSERT INTO orders_by_id (order_id) VALUES (?) IF NOT EXISTS", 110, 200),
						statement("INSERT INTO orders_by_user (user_id) VALUES (?)", 210, 300),
						statement("INSERT INTO orders_by_status (status) VALUES (?)", 215, 310),
						statement("UPDATE write_intents SET completed_at = ? WHERE bucket = ?", 320, 400)),
				Set.of(), 0);

		CapturedRequest without = request.withoutWritesTo("write_intents");

		assertThat(request.stages()).hasSize(5);
		assertThat(without.stages()).hasSize(3);
		assertThat(without.stages().get(0)).extracting(CapturedRequestTests::query)
			.containsExactly("SELECT * FROM users_by_id");
		assertThat(without.stages().get(1)).extracting(CapturedRequestTests::query)
			.containsExactly("INSERT INTO orders_by_id (order_id) VALUES (?) IF NOT EXISTS");
		assertThat(without.stages().get(2)).extracting(CapturedRequestTests::query)
			.containsExactly("INSERT INTO orders_by_user (user_id) VALUES (?)",
					"INSERT INTO orders_by_status (status) VALUES (?)");
	}

	/**
	 * An intent's insert sent together with other statements leaves them their stage.
	 */
	@Test
	void withoutTheWritesToATableAStageKeepsItsOtherStatements() {
		CapturedRequest request = CapturedRequest.of(List.of(statement("SELECT * FROM users_by_id", 0, 100),
				statement("INSERT INTO write_intents (bucket) VALUES (?)", 5, 80),
				statement("INSERT INTO posts_by_id (post_id) VALUES (?)", 110, 200)), Set.of(), 0);

		CapturedRequest without = request.withoutWritesTo("write_intents");

		assertThat(without.stages()).hasSize(2);
		assertThat(without.stages().get(0)).extracting(CapturedRequestTests::query)
			.containsExactly("SELECT * FROM users_by_id");
		assertThat(without.stages().get(1)).extracting(CapturedRequestTests::query)
			.containsExactly("INSERT INTO posts_by_id (post_id) VALUES (?)");
	}

	/**
	 * Only writes to the table itself go: reads of it (the sweeper's, in the background),
	 * tables whose names start with its name, and other tables stay; a keyspace or quotes
	 * around the name do not hide a write.
	 */
	@Test
	void withoutTheWritesToATableOnlyThoseWritesGo() {
		CapturedRequest request = CapturedRequest
			.of(List.of(statement("select * from write_intents where bucket = ?", 0, 10),
					statement("UPDATE write_intent_sweeps SET swept_until = ? WHERE minute = ?", 20, 30),
					statement("INSERT INTO write_intents_schema_migration (version) VALUES (?)", 40, 50),
					statement("  insert into shop.write_intents (bucket) values (?)", 60, 70),
					statement("UPDATE \"write_intents\" SET completed_at = ? WHERE bucket = ?", 80, 90),
					statement("DELETE completed_at FROM write_intents WHERE bucket = ?", 100, 110)), Set.of(), 0);

		CapturedRequest without = request.withoutWritesTo("write_intents");

		assertThat(without.statements()).extracting(CapturedRequestTests::query)
			.containsExactly("select * from write_intents where bucket = ?",
					"UPDATE write_intent_sweeps SET swept_until = ? WHERE minute = ?",
					"INSERT INTO write_intents_schema_migration (version) VALUES (?)");
		assertThat(without.stages()).hasSize(3);
	}

	/**
	 * A batch loses only its writes to the table, and disappears when nothing else is
	 * left in it.
	 */
	@Test
	void withoutTheWritesToATableABatchKeepsItsOtherStatements() {
		BatchStatement mixed = BatchStatement
			.newInstance(BatchType.UNLOGGED,
					SimpleStatement.newInstance("INSERT INTO write_intents (bucket) VALUES (?)"),
					SimpleStatement.newInstance("INSERT INTO sensor_data (sensor_id) VALUES (?)"))
			.setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM);
		BatchStatement intentsOnly = BatchStatement.newInstance(BatchType.UNLOGGED,
				SimpleStatement.newInstance("UPDATE write_intents SET completed_at = ? WHERE bucket = ?"));
		CapturedRequest request = CapturedRequest.of(
				List.of(new CapturedStatement(mixed, 0, 100), new CapturedStatement(intentsOnly, 110, 200)), Set.of(),
				0);

		CapturedRequest without = request.withoutWritesTo("write_intents");

		assertThat(without.stages()).hasSize(1);
		BatchStatement kept = (BatchStatement) without.statements().get(0).statement();
		assertThat(kept).extracting((child) -> ((SimpleStatement) child).getQuery())
			.containsExactly("INSERT INTO sensor_data (sensor_id) VALUES (?)");
		assertThat(kept.getBatchType()).isEqualTo(BatchType.UNLOGGED);
		assertThat(kept.getConsistencyLevel()).isEqualTo(DefaultConsistencyLevel.LOCAL_QUORUM);
	}

	/** A request that writes nothing to the table is replayed as it is. */
	@Test
	void withoutWritesToATableItNeverWroteTheRequestIsUnchanged() {
		CapturedRequest request = CapturedRequest.of(List.of(statement("SELECT * FROM posts_by_id", 0, 10),
				statement("UPDATE post_views SET views = views + ? WHERE post_id = ?", 20, 30)), Set.of(), 0);

		assertThat(request.withoutWritesTo("write_intents")).isSameAs(request);
	}

	private static CapturedStatement statement(String query, long start, long end) {
		return new CapturedStatement(SimpleStatement.newInstance(query), start, end);
	}

	private static String query(CapturedStatement statement) {
		return ((SimpleStatement) statement.statement()).getQuery();
	}

}
