package dev.querydriven.socialfeed.user;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.socialfeed.SliceTestConfiguration;
import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.JwtMutator;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The HTTP shape of registration and lookups, who may call them, and a problem naming the
 * field for every kind of bad input (the service is never called).
 */
@WebFluxTest(UserController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ UserMapperImpl.class, SliceTestConfiguration.class })
class UserControllerTests {

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private UserService users;

	/**
	 * A registration answers 201 with the user and its location, and the new user's id is
	 * the caller's.
	 */
	@Test
	void registrationAnswersCreatedWithTheUser() {
		UUID id = UUID.randomUUID();
		given(this.users.register(eq(id), any(), any())).willReturn(Mono
			.just(new UsersByIdRow(id, "alice", "alice@example.com", "Alice", Instant.parse("2026-05-01T10:00:00Z"))));
		this.client.mutateWith(Callers.mockCaller(id))
			.post()
			.uri("/users")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"username\": \"Alice\", \"email\": \"alice@example.com\", \"displayName\": \"Alice\"}")
			.exchange()
			.expectStatus()
			.isCreated()
			.expectHeader()
			.location("/users/" + id)
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(id.toString())
			.jsonPath("$.username")
			.isEqualTo("alice")
			.jsonPath("$.email")
			.isEqualTo("alice@example.com")
			.jsonPath("$.displayName")
			.isEqualTo("Alice")
			.jsonPath("$.createdAt")
			.isEqualTo("2026-05-01T10:00:00Z");
	}

	/** A taken username or email is a 409 problem naming the field, never the value. */
	@Test
	void takenUsernameIsConflict() {
		given(this.users.register(any(), any(), any()))
			.willReturn(Mono.error(new ConflictException("The username is taken (username)")));
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.post()
			.uri("/users")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"username\": \"alice\", \"email\": \"a@example.com\", \"displayName\": \"A\"}")
			.exchange()
			.expectStatus()
			.isEqualTo(409)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.detail")
			.isEqualTo("The username is taken (username)");
	}

	/** Malformed JSON is a 400 about the body. */
	@Test
	void malformedJsonIsRejected() {
		expectBadRequest("{\"username\": ", "body");
	}

	/** A value of the wrong JSON type names its field. */
	@Test
	void wrongTypeIsRejected() {
		expectBadRequest("{\"username\": [\"alice\"], \"email\": \"a@example.com\", \"displayName\": \"A\"}",
				"username");
	}

	/** Missing, blank and malformed fields are each named. */
	@Test
	void invalidFieldsAreNamed() {
		expectBadRequest("{\"email\": \"a@example.com\", \"displayName\": \"A\"}", "username");
		expectBadRequest("{\"username\": \"no spaces allowed\", \"email\": \"a@example.com\", \"displayName\": \"A\"}",
				"username");
		expectBadRequest("{\"username\": \"ab\", \"email\": \"a@example.com\", \"displayName\": \"A\"}", "username");
		expectBadRequest("{\"username\": \"alice\", \"email\": \"not-an-email\", \"displayName\": \"A\"}", "email");
		expectBadRequest("{\"username\": \"alice\", \"email\": \"a@example.com\", \"displayName\": \"  \"}",
				"displayName");
		expectBadRequest(
				"{\"username\": \"alice\", \"email\": \"a@example.com\", \"displayName\": \"" + "x".repeat(51) + "\"}",
				"displayName");
		verifyNoInteractions(this.users);
	}

	/** A profile is found by id, without its email; an unknown id is a 404 problem. */
	@Test
	void profileByIdOrNotFound() {
		UUID known = UUID.randomUUID();
		UUID unknown = UUID.randomUUID();
		given(this.users.require(eq(known), any()))
			.willReturn(Mono.just(new UsersByIdRow(known, "bob", "bob@example.com", "Bob", Instant.now())));
		given(this.users.require(eq(unknown), any()))
			.willReturn(Mono.error(new NotFoundException("No user with id " + unknown)));
		this.client.get()
			.uri("/users/{id}", known)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.username")
			.isEqualTo("bob")
			.jsonPath("$.email")
			.doesNotExist();
		this.client.get()
			.uri("/users/{id}", unknown)
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

	/**
	 * The account (the profile with the email) is the user's own or an admin's: another
	 * user's token is a 403 problem and the service is not called; no token is a 401.
	 */
	@Test
	void accountIsTheUsersOrAnAdmins() {
		UUID bob = UUID.randomUUID();
		given(this.users.require(eq(bob), any()))
			.willReturn(Mono.just(new UsersByIdRow(bob, "bob", "bob@example.com", "Bob", Instant.now())));
		for (JwtMutator caller : List.of(Callers.mockCaller(bob),
				Callers.mockCaller(UUID.randomUUID(), Caller.ADMIN))) {
			this.client.mutateWith(caller)
				.get()
				.uri("/users/{id}/account", bob)
				.exchange()
				.expectStatus()
				.isOk()
				.expectBody()
				.jsonPath("$.email")
				.isEqualTo("bob@example.com");
		}
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/users/{id}/account", bob)
			.exchange()
			.expectStatus()
			.isForbidden();
		this.client.get().uri("/users/{id}/account", bob).exchange().expectStatus().isUnauthorized();
	}

	/**
	 * An unknown username or email is a 404 problem naming the parameter, not echoing its
	 * value.
	 */
	@Test
	void notFoundProblemsNameTheParameterNotTheValue() {
		given(this.users.findByUsername("nobody_here")).willReturn(Mono.empty());
		given(this.users.findByEmail("nobody@example.com")).willReturn(Mono.empty());
		this.client.get()
			.uri("/users/by-username/nobody_here")
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectBody()
			.jsonPath("$.detail")
			.isEqualTo("No user has this username (username)");
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID(), Caller.ADMIN))
			.get()
			.uri("/users/by-email/{email}", "nobody@example.com")
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectBody()
			.jsonPath("$.detail")
			.isEqualTo("No user has this email (email)");
	}

	/** An id that is not a UUID is a 400 naming the path variable. */
	@Test
	void invalidUuidIsRejected() {
		this.client.get()
			.uri("/users/not-a-uuid")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("userId");
		verifyNoInteractions(this.users);
	}

	/** Lookups by username and email validate their parameter, and 404 when unknown. */
	@Test
	void lookupsValidateAndAnswerNotFound() {
		given(this.users.findByUsername("nobody_here")).willReturn(Mono.empty());
		this.client.get().uri("/users/by-username/nobody_here").exchange().expectStatus().isNotFound();
		this.client.get()
			.uri("/users/by-username/{name}", "bad name!")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("username");
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/users/by-email/{email}", "not-an-email")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("email");
	}

	/**
	 * Registering takes a token: without one it is a 401 problem and nobody registers.
	 */
	@Test
	void registrationWithoutATokenIsUnauthorized() {
		this.client.post()
			.uri("/users")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"username\": \"alice\", \"email\": \"a@example.com\", \"displayName\": \"A\"}")
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueMatches(HttpHeaders.WWW_AUTHENTICATE, "Bearer.*")
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		verifyNoInteractions(this.users);
	}

	/** A user looks themselves up by email; an admin looks anyone up. */
	@Test
	void lookupByEmailAnswersTheOwnerAndAnAdmin() {
		UUID alice = UUID.randomUUID();
		given(this.users.findByEmail("alice@example.com"))
			.willReturn(Mono.just(new UsersByIdRow(alice, "alice", "alice@example.com", "Alice", Instant.now())));
		this.client.mutateWith(Callers.mockCaller(alice))
			.get()
			.uri("/users/by-email/{email}", "alice@example.com")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(alice.toString());
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID(), Caller.ADMIN))
			.get()
			.uri("/users/by-email/{email}", "alice@example.com")
			.exchange()
			.expectStatus()
			.isOk();
	}

	/**
	 * Another user's lookup by email is a 403 problem, and so is that of an email nobody
	 * registered (a stranger cannot tell the two apart); an admin gets the 404.
	 */
	@Test
	void lookupByEmailOfAnotherIsForbidden() {
		given(this.users.findByEmail("alice@example.com")).willReturn(
				Mono.just(new UsersByIdRow(UUID.randomUUID(), "alice", "alice@example.com", "Alice", Instant.now())));
		given(this.users.findByEmail("nobody@example.com")).willReturn(Mono.empty());
		UUID mallory = UUID.randomUUID();
		for (String email : List.of("alice@example.com", "nobody@example.com")) {
			this.client.mutateWith(Callers.mockCaller(mallory))
				.get()
				.uri("/users/by-email/{email}", email)
				.exchange()
				.expectStatus()
				.isForbidden()
				.expectHeader()
				.contentType(MediaType.APPLICATION_PROBLEM_JSON)
				.expectBody()
				.jsonPath("$.email")
				.doesNotExist();
		}
		this.client.mutateWith(Callers.mockCaller(mallory, Caller.ADMIN))
			.get()
			.uri("/users/by-email/{email}", "nobody@example.com")
			.exchange()
			.expectStatus()
			.isNotFound();
	}

	/** A lookup by email without a token is a 401 problem, before anything is read. */
	@Test
	void lookupByEmailWithoutATokenIsUnauthorized() {
		this.client.get()
			.uri("/users/by-email/{email}", "alice@example.com")
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueMatches(HttpHeaders.WWW_AUTHENTICATE, "Bearer.*");
		verifyNoInteractions(this.users);
	}

	private void expectBadRequest(String body, String field) {
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.post()
			.uri("/users")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(body)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[?(@.field == '" + field + "')]")
			.exists();
	}

}
