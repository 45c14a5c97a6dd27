package dev.querydriven.socialfeed;

import java.util.Set;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import dev.querydriven.modeling.catalog.AccessPattern;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The catalogue tells the truth about the live schema: every statement it lists prepares
 * against the migrated keyspace and names its table, and every table serves a catalogued
 * query.
 */
@SocialFeedIntegrationTest
class SocialFeedQueryCatalogIntegrationTests {

	private final SocialFeedQueryCatalog catalog = new SocialFeedQueryCatalog();

	@Autowired
	private CqlSession session;

	/** Every catalogued statement prepares on the node and uses the table it names. */
	@Test
	void everyCataloguedStatementPreparesAgainstTheLiveSchema() {
		for (AccessPattern pattern : this.catalog.accessPatterns()) {
			assertThat(this.session.prepare(pattern.cql()).getQuery()).as(pattern.id()).contains(pattern.table());
		}
	}

	/**
	 * Every table of the keyspace (but the migration bookkeeping) serves a catalogued
	 * query.
	 */
	@Test
	void everyTableServesACataloguedQuery() {
		Set<String> tables = this.session.getMetadata()
			.getKeyspace(this.catalog.keyspace())
			.orElseThrow()
			.getTables()
			.values()
			.stream()
			.map(TableMetadata::getName)
			.map((name) -> name.asInternal())
			.filter((name) -> !this.catalog.infrastructureTables().containsKey(name))
			.collect(Collectors.toSet());
		Set<String> catalogued = this.catalog.accessPatterns()
			.stream()
			.map(AccessPattern::table)
			.collect(Collectors.toSet());
		assertThat(catalogued).isEqualTo(tables);
	}

	/** Query ids are unique. */
	@Test
	void queryIdsAreUnique() {
		assertThat(this.catalog.accessPatterns().stream().map(AccessPattern::id).distinct())
			.hasSize(this.catalog.accessPatterns().size());
	}

}
