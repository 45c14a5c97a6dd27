package dev.querydriven.servicesupport.web;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Body members are named by JSON pointer in URI fragment form, as RFC 9457 shows.
 */
class JsonPointersTests {

	/**
	 * The dotted form of bean validation becomes a pointer; the empty path is the body.
	 */
	@Test
	void dottedPathsBecomePointers() {
		assertThat(JsonPointers.fromPath("items[0].quantity")).isEqualTo("#/items/0/quantity");
		assertThat(JsonPointers.fromPath("shippingAddress.country")).isEqualTo("#/shippingAddress/country");
		assertThat(JsonPointers.fromPath("")).isEqualTo("#");
	}

	/** RFC 6901 escapes, then percent-encoding for what a URI fragment cannot hold. */
	@Test
	void segmentsAreEscaped() {
		assertThat(JsonPointers.fromSegments(List.of("a/b", "m~n", 3, "sp ace", "é")))
			.isEqualTo("#/a~1b/m~0n/3/sp%20ace/%C3%A9");
	}

}
