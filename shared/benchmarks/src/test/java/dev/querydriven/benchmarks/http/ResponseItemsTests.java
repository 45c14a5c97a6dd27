package dev.querydriven.benchmarks.http;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Counting what a read's response carries, to hold it against the service layer's rows.
 */
class ResponseItemsTests {

	private final JsonMapper json = JsonMapper.builder().build();

	/** A page counts its items, an array its elements, a single object one. */
	@Test
	void pagesArraysAndObjectsCountTheirItems() {
		assertThat(ResponseItems.count(this.json.readTree("{\"items\":[{},{},{}],\"next\":\"abc\"}"))).isEqualTo(3);
		assertThat(ResponseItems.count(this.json.readTree("[1,2]"))).isEqualTo(2);
		assertThat(ResponseItems.count(this.json.readTree("{\"id\":\"p\",\"views\":4}"))).isEqualTo(1);
		assertThat(ResponseItems.count(this.json.readTree("{\"items\":[]}"))).isZero();
	}

}
