package dev.querydriven.testcassandra.app;

import java.util.UUID;

import dev.querydriven.testcassandra.CassandraTest;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Spring Boot service under {@link CassandraTest} gets the shared node, connects as its
 * own role and finds its schema migrated by the production mechanism.
 */
@SpringBootTest(properties = "spring.cassandra.keyspace-name=notes")
@ActiveProfiles("notes")
@CassandraTest
class NotesApplicationIntegrationTests {

	@Autowired
	private ReactiveCassandraOperations cassandra;

	@Autowired
	private org.springframework.core.env.Environment environment;

	@Autowired
	private ObjectProvider<NotesSeeder> seeder;

	/**
	 * Demo-data seeders are off in every test application: the seed switch named after
	 * the application ({@code application-notes.yml} names it and turns its seeder on, as
	 * a service's {@code application.yml} does) is off, and the seeder is no bean.
	 */
	@Test
	void seedersAreOffInTests() {
		assertThat(this.environment.getProperty("spring.application.name")).isEqualTo("notes");
		assertThat(this.environment.getProperty("querydriven.notes.seed.enabled")).isEqualTo("false");
		assertThat(this.seeder.getIfAvailable()).isNull();
	}

	/**
	 * The versioned CQL file was applied and recorded, and the table serves reads and
	 * writes.
	 */
	@Test
	void migrationsRanBeforeTheApplicationUsedTheSession() {
		UUID id = UUID.randomUUID();
		this.cassandra.getReactiveCqlOperations()
			.execute("INSERT INTO notes_by_id (note_id, body) VALUES (?, ?)", id, "hello")
			.then(this.cassandra.getReactiveCqlOperations()
				.queryForObject("SELECT body FROM notes_by_id WHERE note_id = ?", String.class, id))
			.as(StepVerifier::create)
			.expectNext("hello")
			.verifyComplete();
		this.cassandra.getReactiveCqlOperations()
			.queryForObject("SELECT version FROM schema_migration WHERE applied_successful = true LIMIT 1",
					Integer.class)
			.as(StepVerifier::create)
			.assertNext((version) -> assertThat(version).isEqualTo(1))
			.verifyComplete();
	}

	/** The application is not a superuser: the guardrail refuses its ALLOW FILTERING. */
	@Test
	void applicationConnectsAsNonSuperuserRole() {
		this.cassandra.getReactiveCqlOperations()
			.queryForObject("SELECT body FROM notes_by_id WHERE body = 'x' ALLOW FILTERING", String.class)
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).hasMessageContaining("allow_filtering"))
			.verify();
	}

}
