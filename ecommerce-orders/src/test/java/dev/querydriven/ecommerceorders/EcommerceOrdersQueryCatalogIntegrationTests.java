package dev.querydriven.ecommerceorders;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.querydriven.modeling.catalog.AccessPattern;
import dev.querydriven.modeling.catalog.ServesQuery;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The query catalogue matches the live schema: every catalogued query is valid CQL for
 * the service's role (the guardrails would refuse a scan), every table names its query in
 * its comment, and every {@code @ServesQuery} id is catalogued.
 */
@EcommerceOrdersIntegrationTest
class EcommerceOrdersQueryCatalogIntegrationTests {

	private final EcommerceOrdersQueryCatalog catalog = new EcommerceOrdersQueryCatalog();

	@Autowired
	private CqlSession session;

	/** Every catalogued query prepares against the migrated schema. */
	@Test
	void everyCataloguedQueryPrepares() {
		for (AccessPattern pattern : this.catalog.accessPatterns()) {
			assertThat(this.session.prepare(pattern.cql()).getResultSetDefinitions().size()).as(pattern.id())
				.isPositive();
			assertThat(pattern.facts()).as("sizing facts of %s", pattern.id()).isNotNull();
			assertThat(pattern.facts().bounded()).as("%s is bounded", pattern.id()).isTrue();
		}
	}

	/**
	 * Every table of the keyspace serves a catalogued query (or is infrastructure) and
	 * its comment names that query.
	 */
	@Test
	void everyTableServesACataloguedQuery() {
		Set<String> tables = this.session
			.execute("SELECT table_name, comment FROM system_schema.tables WHERE keyspace_name = ?",
					this.catalog.keyspace())
			.all()
			.stream()
			.filter((row) -> !this.catalog.infrastructureTables().containsKey(row.getString("table_name")))
			.peek(this::commentNamesItsQuery)
			.map((row) -> row.getString("table_name"))
			.collect(Collectors.toSet());
		assertThat(tables).containsExactlyInAnyOrderElementsOf(
				this.catalog.accessPatterns().stream().map(AccessPattern::table).collect(Collectors.toSet()));
	}

	/**
	 * Every query id named by code or tests is in the catalogue, and every one is named.
	 */
	@Test
	void servesQueryMarksNameCataloguedQueries() {
		Set<String> catalogued = this.catalog.accessPatterns()
			.stream()
			.map(AccessPattern::id)
			.collect(Collectors.toSet());
		Set<String> marked = new ClassFileImporter().importPackages("dev.querydriven.ecommerceorders")
			.stream()
			.map(JavaClass::reflect)
			.flatMap((type) -> Arrays.stream(type.getDeclaredMethods()))
			.map((Method method) -> method.getAnnotation(ServesQuery.class))
			.filter((annotation) -> annotation != null)
			.flatMap((annotation) -> Arrays.stream(annotation.value()))
			.collect(Collectors.toSet());
		assertThat(marked).containsExactlyInAnyOrderElementsOf(catalogued);
	}

	private void commentNamesItsQuery(Row table) {
		String name = table.getString("table_name");
		AccessPattern pattern = this.catalog.accessPatterns()
			.stream()
			.filter((candidate) -> candidate.table().equals(name))
			.findFirst()
			.orElseThrow(() -> new AssertionError("No catalogued query is served by " + name));
		assertThat(table.getString("comment")).as("comment of %s", name).startsWith(pattern.id() + ":");
	}

}
