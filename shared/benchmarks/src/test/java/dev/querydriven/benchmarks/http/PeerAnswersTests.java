package dev.querydriven.benchmarks.http;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A lean peer's answers held against its service's before either is timed.
 */
class PeerAnswersTests {

	/**
	 * Equal pages are equal whatever their cursors' values: each server signs its own.
	 */
	@Test
	void equalPagesDifferOnlyInTheirCursorsValues() {
		assertThat(PeerAnswers.difference(false, 200, "{\"items\":[{\"id\":1}],\"next\":\"abc\"}", 200,
				"{\"items\":[{\"id\":1}],\"next\":\"xyz\"}"))
			.isNull();
	}

	/** Other items, a missing cursor or another status make unequal answers. */
	@Test
	void unequalAnswersFail() {
		assertThat(PeerAnswers.difference(false, 200, "{\"items\":[{\"id\":1}],\"next\":null}", 200,
				"{\"items\":[{\"id\":2}],\"next\":null}"))
			.contains("where the service answered");
		assertThat(PeerAnswers.difference(false, 200, "{\"items\":[],\"next\":\"abc\"}", 200,
				"{\"items\":[],\"next\":null}"))
			.isNotNull();
		assertThat(PeerAnswers.difference(false, 200, "{\"items\":[]}", 404, "")).startsWith("status 404");
		assertThat(PeerAnswers.difference(false, 200, "{\"id\":1,\"views\":3}", 200, "{\"id\":1,\"views\":3.0}"))
			.isNotNull();
	}

	/** A write's answers carry what it created: the same status and fields suffice. */
	@Test
	void aWritesAnswersNeedTheSameFields() {
		assertThat(PeerAnswers.difference(true, 201, "{\"id\":\"a\",\"at\":1}", 201, "{\"id\":\"b\",\"at\":2}"))
			.isNull();
		assertThat(PeerAnswers.difference(true, 201, "{\"id\":\"a\"}", 201, "{\"orderId\":\"a\"}")).isNotNull();
		assertThat(PeerAnswers.difference(true, 204, "", 204, "")).isNull();
	}

}
