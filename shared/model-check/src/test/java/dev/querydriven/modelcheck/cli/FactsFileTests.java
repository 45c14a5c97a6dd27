package dev.querydriven.modelcheck.cli;

import dev.querydriven.modeling.catalog.CatalogExemption;
import dev.querydriven.modeling.catalog.SizingFacts;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The facts file: one {@code table.fact = value} per line.
 */
class FactsFileTests {

	/**
	 * Every fact is read, with separators in numbers and optional facts defaulting to 0.
	 */
	@Test
	void readsEveryFact() {
		FactsFile facts = FactsFile.parse("""
				# posts_by_user: one partition per user and month
				posts_by_user.partitions = 12_000_000
				posts_by_user.rows = 3,100
				posts_by_user.row-bytes = 400
				posts_by_user.writes-per-second = 0.0012
				posts_by_user.note = at most 100 posts a day (enforced)
				Events.Rows = unbounded
				events.partitions = 1000
				events.row-bytes = 40
				events.hottest-key-share = 0.25
				events.deletes-per-second = 2
				events.exempt.distribution = reviewed: a demo table
				""");
		assertThat(facts.of("posts_by_user"))
			.isEqualTo(new SizingFacts(12_000_000, 3_100, 400, 0.0012, "at most 100 posts a day (enforced)"));
		SizingFacts events = facts.of("events");
		assertThat(events.bounded()).isFalse();
		assertThat(events.writesPerSecondPerPartition()).isZero();
		assertThat(events.hottestKeyShare()).isEqualTo(0.25);
		assertThat(events.deletesPerSecondPerPartition()).isEqualTo(2);
		assertThat(facts.exemptions())
			.containsExactly(new CatalogExemption("events", "distribution", "reviewed: a demo table"));
		assertThat(facts.tables()).containsExactly("events", "posts_by_user");
	}

	/** A table named in the file needs its partitions, rows and row size. */
	@Test
	void requiredFactsAreRequired() {
		assertThatIllegalArgumentException().isThrownBy(() -> FactsFile.parse("t.partitions = 1\nt.rows = 1"))
			.withMessage("Table t needs 't.row-bytes'");
	}

	/** Unknown facts, malformed lines and bad numbers are named. */
	@Test
	void mistakesAreNamed() {
		assertThatIllegalArgumentException().isThrownBy(() -> FactsFile.parse("t.rowz = 1"))
			.withMessageContaining("Unknown fact 'rowz' for table t");
		assertThatIllegalArgumentException().isThrownBy(() -> FactsFile.parse("partitions = 1"))
			.withMessageContaining("is not <table>.<fact>");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> FactsFile.parse("t.partitions = many\nt.rows = 1\nt.row-bytes = 1"))
			.withMessage("t.partitions must be a whole number, not 'many'");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> FactsFile.parse("t.partitions = 1\nt.rows = 1\nt.row-bytes = 1\nt.hottest-key-share = 2"))
			.withMessage("t.hottest-key-share must be between 0 and 1");
	}

}
