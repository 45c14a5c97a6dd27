package dev.querydriven.testsupport.idempotency;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.servicesupport.idempotency.IdempotencyKeys;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.UnprocessableRequestException;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.data.cassandra.core.cql.ReactiveCqlTemplate;
import org.springframework.data.cassandra.core.cql.session.DefaultBridgedReactiveSession;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A create with an {@code Idempotency-Key} gets one id for every repeat of the same
 * request, a 422 for the same key with another request, a 400 for a malformed key; a
 * create without a key draws a new id every time.
 */
@CassandraTest
class IdempotencyKeysIntegrationTests {

	private static CqlSession session;

	private static IdempotencyKeys keys;

	record NewNote(String title) {
	}

	@BeforeAll
	static void createTable() throws IOException {
		// The table is created as a service's migrations create it: by the migrator.
		try (CqlSession migrator = SharedCassandra.migratorSession("idempotency");
				InputStream script = IdempotencyKeys.class.getClassLoader()
					.getResourceAsStream("querydriven/idempotency-keys/001_idempotency_keys.cql")) {
			String cql = new String(script.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?m)^--.*$", "");
			migrator.execute(cql.trim().replaceAll(";$", ""));
		}
		session = SharedCassandra.serviceSession("idempotency");
		keys = new IdempotencyKeys(new ReactiveCqlTemplate(new DefaultBridgedReactiveSession(session)),
				JsonMapper.builder().build());
	}

	/** The same key with the same request gets the id the first request drew. */
	@Test
	void aRepeatGetsTheFirstId() {
		String key = UUID.randomUUID().toString();
		UUID first = UUID.randomUUID();
		keys.idFor("alice", key, new NewNote("hello"), () -> first)
			.as(StepVerifier::create)
			.expectNext(first)
			.verifyComplete();
		keys.idFor("alice", key, new NewNote("hello"), UUID::randomUUID)
			.as(StepVerifier::create)
			.expectNext(first)
			.verifyComplete();
	}

	/**
	 * A key is the acting user's: another user's same key is another claim, and without a
	 * key every create draws its own id.
	 */
	@Test
	void keysAreScopedToTheUserAndOptional() {
		String key = UUID.randomUUID().toString();
		UUID alices = UUID.randomUUID();
		UUID bobs = UUID.randomUUID();
		keys.idFor("alice", key, new NewNote("hello"), () -> alices)
			.as(StepVerifier::create)
			.expectNext(alices)
			.verifyComplete();
		keys.idFor("bob", key, new NewNote("hello"), () -> bobs)
			.as(StepVerifier::create)
			.expectNext(bobs)
			.verifyComplete();
		UUID unkeyed = UUID.randomUUID();
		keys.idFor("alice", null, new NewNote("hello"), () -> unkeyed)
			.as(StepVerifier::create)
			.expectNext(unkeyed)
			.verifyComplete();
	}

	/** The same key with another request is refused with a 422 naming the header. */
	@Test
	void theSameKeyWithAnotherRequestIsRefused() {
		String key = UUID.randomUUID().toString();
		keys.idFor("alice", key, new NewNote("hello"), UUID::randomUUID)
			.as(StepVerifier::create)
			.expectNextCount(1)
			.verifyComplete();
		keys.idFor("alice", key, new NewNote("goodbye"), UUID::randomUUID)
			.as(StepVerifier::create)
			.expectErrorSatisfies(
					(error) -> assertThat(error).isInstanceOfSatisfying(UnprocessableRequestException.class,
							(refused) -> assertThat(refused.getField()).isEqualTo("Idempotency-Key")))
			.verify();
	}

	/**
	 * A key that is empty, too long, or holds anything but letters, digits and
	 * {@code _ . :
	 * -} is a 400 naming the header.
	 */
	@Test
	void aMalformedKeyIsRefused() {
		for (String key : new String[] { "", "x".repeat(256), "with space", "naïve", "a%00b", "quote\"d",
				"semi;colon" }) {
			keys.idFor("alice", key, new NewNote("hello"), UUID::randomUUID)
				.as(StepVerifier::create)
				.expectErrorSatisfies((error) -> assertThat(error).isExactlyInstanceOf(InvalidRequestException.class)
					.hasMessageContaining("letters, digits"))
				.verify();
		}
	}

}
