package dev.querydriven.modelcheck.cli;

import java.util.Map;
import java.util.Set;

import dev.querydriven.modelcheck.catalog.CatalogExemption;
import dev.querydriven.modelcheck.catalog.SizingFacts;
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
			.withMessageContaining("is not [<keyspace>.]<table>.<fact>");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> FactsFile.parse("t.partitions = many\nt.rows = 1\nt.row-bytes = 1"))
			.withMessage("t.partitions must be a whole number, not 'many'");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> FactsFile.parse("t.partitions = 1\nt.rows = 1\nt.row-bytes = 1\nt.hottest-key-share = 2"))
			.withMessage("t.hottest-key-share must be between 0 and 1");
	}

	/**
	 * With several keyspaces, keys name the keyspace; a plain table name still works when
	 * one keyspace alone has such a table, and a name matching no table, or several, is
	 * refused.
	 */
	@Test
	void keysNameTheKeyspaceWhenThereAreSeveral() {
		FactsFile facts = FactsFile.parse("""
				shop.orders.partitions = 1_000
				shop.orders.rows = 10
				shop.orders.row-bytes = 200
				users.partitions = 50
				users.rows = 1
				users.row-bytes = 80
				accounts.users.exempt.distribution = reviewed
				""");
		Map<String, Set<String>> twoKeyspaces = Map.of("shop", Set.of("orders", "items"), "accounts", Set.of("users"));
		FactsFile resolved = facts.resolve(twoKeyspaces);
		assertThat(resolved.tables()).containsExactly("accounts.users", "shop.orders");
		assertThat(resolved.of("shop.orders").rowsPerPartition()).isEqualTo(10);
		assertThat(resolved.exemptions())
			.containsExactly(new CatalogExemption("accounts.users", "distribution", "reviewed"));
		FactsFile one = FactsFile.parse("shop.orders.partitions = 1\nshop.orders.rows = 1\nshop.orders.row-bytes = 1")
			.resolve(Map.of("shop", Set.of("orders")));
		assertThat(one.tables()).containsExactly("orders");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> FactsFile.parse("items.partitions = 1\nitems.rows = 1\nitems.row-bytes = 1")
				.resolve(Map.of("shop", Set.of("items"), "archive", Set.of("items"))))
			.withMessageContaining("keyspaces")
			.withMessageContaining("write <keyspace>.items.<fact>");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> FactsFile.parse("itmes.partitions = 1\nitmes.rows = 1\nitmes.row-bytes = 1")
				.resolve(Map.of("shop", Set.of("items"))))
			.withMessage("The facts name table itmes, which the schema does not define");
	}

}
