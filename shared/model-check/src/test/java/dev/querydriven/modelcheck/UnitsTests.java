package dev.querydriven.modelcheck;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sizes in the report use the limits' decimal units.
 */
class UnitsTests {

	/** 10 MB is ten million bytes, as in the limits; unbounded has no number. */
	@Test
	void bytesUseDecimalUnits() {
		assertThat(Units.bytes(999)).isEqualTo("999 B");
		assertThat(Units.bytes(10_000_000)).isEqualTo("10.0 MB");
		assertThat(Units.bytes(2_500_000_000L)).isEqualTo("2.5 GB");
		assertThat(Units.bytes(-1)).isEqualTo("unbounded");
		assertThat(Units.bytes(Long.MAX_VALUE)).isEqualTo("beyond any limit");
	}

	/** Counts, shares and rates read naturally. */
	@Test
	void countsSharesAndRatesReadNaturally() {
		assertThat(Units.count(14_400)).isEqualTo("14,400");
		assertThat(Units.percent(1.0 / 6)).isEqualTo("16.7%");
		assertThat(Units.rate(0.0116)).isEqualTo("0.0116/s");
		assertThat(Units.rate(12_000)).isEqualTo("12,000/s");
	}

	/** Query ids sort by number: Q2 before Q10. */
	@Test
	void queryIdsSortByNumber() {
		assertThat(ModelCheck.naturalOrder("Q2", "Q10")).isNegative();
		assertThat(ModelCheck.naturalOrder("Q10", "Q2")).isPositive();
		assertThat(ModelCheck.naturalOrder("posts", "Q1")).isNotZero();
	}

}
