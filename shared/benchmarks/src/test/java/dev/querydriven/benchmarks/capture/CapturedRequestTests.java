package dev.querydriven.benchmarks.capture;

import java.util.List;
import java.util.Set;

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

	private static CapturedStatement statement(String query, long start, long end) {
		return new CapturedStatement(SimpleStatement.newInstance(query), start, end);
	}

	private static String query(CapturedStatement statement) {
		return ((SimpleStatement) statement.statement()).getQuery();
	}

}
