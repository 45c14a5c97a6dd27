package dev.querydriven.iotsensors;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.querydriven.modeling.catalog.AccessPattern;
import dev.querydriven.modeling.catalog.ServesQuery;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The catalogue is honest: every declared query prepares against the live schema, reads
 * the declared table, binds its full partition key, and is served by a repository method
 * marked with its id.
 */
@IotSensorsIntegrationTest
class IotSensorsQueryCatalogIntegrationTests {

	private final IotSensorsQueryCatalog catalog = new IotSensorsQueryCatalog();

	@Autowired
	private CqlSession session;

	/**
	 * Each query prepares on the real schema and restricts the whole partition key of its
	 * table.
	 */
	@Test
	void everyQueryReadsOnePartitionOfItsTable() {
		assertThat(this.catalog.accessPatterns()).extracting(AccessPattern::id)
			.containsExactly("Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7");
		for (AccessPattern pattern : this.catalog.accessPatterns()) {
			PreparedStatement prepared = this.session.prepare(pattern.cql());
			TableMetadata table = this.session.getMetadata()
				.getKeyspace(this.catalog.keyspace())
				.flatMap((keyspace) -> keyspace.getTable(pattern.table()))
				.orElseThrow(() -> new AssertionError(pattern.id() + ": no table " + pattern.table()));
			assertThat(prepared.getVariableDefinitions().get(0).getTable().asInternal()).as(pattern.id())
				.isEqualTo(pattern.table());
			assertThat(prepared.getPartitionKeyIndices()).as(pattern.id() + " binds the whole partition key")
				.hasSize(table.getPartitionKey().size());
			assertThat(table.getOptions().get(CqlIdentifier.fromCql("comment")).toString())
				.as(pattern.id() + " is named in its table's comment")
				.contains(pattern.id());
			assertThat(pattern.facts()).as(pattern.id()).isNotNull();
			assertThat(pattern.facts().bounded()).as(pattern.id()).isTrue();
		}
	}

	/** Each query is served by a repository method that names it. */
	@Test
	void everyQueryIsServedByARepositoryMethod() {
		JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages("dev.querydriven.iotsensors");
		Set<String> served = new TreeSet<>();
		classes.stream()
			.filter((javaClass) -> javaClass.getSimpleName().endsWith("Repository"))
			.map((javaClass) -> javaClass.reflect())
			.flatMap((type) -> Arrays.stream(type.getDeclaredMethods()))
			.map((Method method) -> method.getAnnotation(ServesQuery.class))
			.filter((annotation) -> annotation != null)
			.forEach((annotation) -> served.addAll(List.of(annotation.value())));
		assertThat(served)
			.containsExactlyElementsOf(this.catalog.accessPatterns().stream().map(AccessPattern::id).toList());
	}

}
