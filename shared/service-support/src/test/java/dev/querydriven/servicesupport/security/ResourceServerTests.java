package dev.querydriven.servicesupport.security;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;

import dev.querydriven.servicesupport.security.SecurityTestApplication.Tokens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Who may call what: the bearer token checked, the caller taken from it, each kind of
 * rule enforced, and every refusal a problem with the RFC 6750 challenge.
 */
@WebFluxTest(controllers = SecurityTestApplication.ThingsController.class,
		properties = "spring.application.name=things")
class ResourceServerTests {

	private static final UUID ALICE = UUID.randomUUID();

	@Autowired
	private WebTestClient client;

	/** A public route answers without a token. */
	@Test
	void publicRoutesNeedNoToken() {
		this.client.get().uri("/public").exchange().expectStatus().isOk();
	}

	/**
	 * Without a token, a protected route is a 401 problem with the bare Bearer challenge.
	 */
	@Test
	void noTokenIsUnauthorizedProblem() {
		this.client.get()
			.uri("/users/{id}/things", ALICE)
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueEquals(HttpHeaders.WWW_AUTHENTICATE, "Bearer")
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo(401)
			.jsonPath("$.detail")
			.isEqualTo("A bearer token is required");
	}

	/**
	 * A malformed token, a forged signature, {@code alg: none}, an expired token, another
	 * audience and another issuer are all 401 with {@code error="invalid_token"}.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "malformed", "forged", "none", "expired", "audience", "issuer" })
	void badTokensAreInvalidToken(String kind) {
		this.client.get()
			.uri("/users/{id}/things", ALICE)
			.header(HttpHeaders.AUTHORIZATION, "Bearer " + badToken(kind))
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueMatches(HttpHeaders.WWW_AUTHENTICATE, "Bearer error=\"invalid_token\".*")
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo(401);
	}

	/**
	 * The owner passes an owner rule; another user gets a 403 problem,
	 * insufficient_scope.
	 */
	@Test
	void ownerRuleAdmitsTheOwnerOnly() {
		this.client.get()
			.uri("/users/{id}/things", ALICE)
			.headers(bearer(user(ALICE)))
			.exchange()
			.expectStatus()
			.isOk();
		this.client.get()
			.uri("/users/{id}/things", ALICE)
			.headers(bearer(user(UUID.randomUUID())))
			.exchange()
			.expectStatus()
			.isForbidden()
			.expectHeader()
			.valueMatches(HttpHeaders.WWW_AUTHENTICATE, "Bearer error=\"insufficient_scope\".*")
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo(403);
	}

	/** Roles come from the token's roles claim, as a list or a space-separated string. */
	@Test
	void rolesComeFromTheRolesClaim() {
		this.client.get().uri("/queue").headers(bearer(user(ALICE))).exchange().expectStatus().isForbidden();
		this.client.get()
			.uri("/queue")
			.headers(bearer(token(ALICE.toString(), Map.of("roles", List.of("staff")))))
			.exchange()
			.expectStatus()
			.isOk();
		this.client.get()
			.uri("/users/{id}/notes", ALICE)
			.headers(bearer(token(UUID.randomUUID().toString(), Map.of("roles", "admin staff"))))
			.exchange()
			.expectStatus()
			.isOk();
	}

	/** A device acts for itself only, and only with the scope. */
	@Test
	void deviceRuleNeedsTheSubjectAndTheScope() {
		UUID device = UUID.randomUUID();
		this.client.get()
			.uri("/devices/{id}/data", device)
			.headers(bearer(token(device.toString(), Map.of("scope", "data:write other"))))
			.exchange()
			.expectStatus()
			.isOk();
		this.client.get()
			.uri("/devices/{id}/data", device)
			.headers(bearer(user(device)))
			.exchange()
			.expectStatus()
			.isForbidden();
		this.client.get()
			.uri("/devices/{id}/data", device)
			.headers(bearer(token(UUID.randomUUID().toString(), Map.of("scope", "data:write"))))
			.exchange()
			.expectStatus()
			.isForbidden();
	}

	/** A check made on the row refuses another user with the same 403 problem. */
	@Test
	void rowCheckRefusesOthers() {
		this.client.get().uri("/rows/{id}", ALICE).headers(bearer(user(ALICE))).exchange().expectStatus().isOk();
		this.client.get()
			.uri("/rows/{id}", ALICE)
			.headers(bearer(user(UUID.randomUUID())))
			.exchange()
			.expectStatus()
			.isForbidden()
			.expectHeader()
			.valueMatches(HttpHeaders.WWW_AUTHENTICATE, "Bearer error=\"insufficient_scope\".*")
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

	/**
	 * The caller is the token's subject; a subject that is not a UUID maps to a stable
	 * name-based id; the name is the token's name, else its preferred_username.
	 */
	@Test
	void callerComesFromTheToken() {
		this.client.get()
			.uri("/me")
			.headers(bearer(token(ALICE.toString(), Map.of("name", "Alice A."))))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(ALICE.toString())
			.jsonPath("$.name")
			.isEqualTo("Alice A.");
		this.client.get()
			.uri("/me")
			.headers(bearer(token("auth0|bob", Map.of("preferred_username", "bob"))))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(UUID.nameUUIDFromBytes("sub:auth0|bob".getBytes(StandardCharsets.UTF_8)).toString())
			.jsonPath("$.name")
			.isEqualTo("bob");
	}

	/**
	 * A route nobody wrote a rule for is closed, even to a signed-in caller; an unknown
	 * path is a 404 and an unserved method a 405, for anyone.
	 */
	@Test
	void unlistedRoutesAreClosedAndUnknownOnesNotFound() {
		this.client.get().uri("/unlisted").headers(bearer(user(ALICE))).exchange().expectStatus().isForbidden();
		this.client.get().uri("/unlisted").exchange().expectStatus().isUnauthorized();
		this.client.get().uri("/nowhere").headers(bearer(user(ALICE))).exchange().expectStatus().isNotFound();
		this.client.get().uri("/nowhere").exchange().expectStatus().isNotFound();
		this.client.post().uri("/public").exchange().expectStatus().isEqualTo(405);
		this.client.post().uri("/queue").headers(bearer(user(ALICE))).exchange().expectStatus().isEqualTo(405);
	}

	/**
	 * The firewall lets an encoded slash through to the route, whose validation names the
	 * parameter; a segment that decodes to {@code ..} or holds a backslash is refused as
	 * a 400 problem naming the path variable that holds it.
	 */
	@Test
	void refusedPathsAreProblemsNamingTheVariable() {
		this.client.get()
			.uri("/users/a%2Fb/things")
			.headers(bearer(user(ALICE)))
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("userId");
		this.client.get()
			.uri("/users/%2E%2E/things")
			.headers(bearer(user(ALICE)))
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("userId");
		this.client.get()
			.uri("/users/a%5Cb/things")
			.headers(bearer(user(ALICE)))
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("userId");
	}

	private static Consumer<HttpHeaders> bearer(String token) {
		return (headers) -> headers.setBearerAuth(token);
	}

	private static String user(UUID user) {
		return token(user.toString(), Map.of());
	}

	private static String token(String subject, Map<String, Object> claims) {
		Map<String, Object> all = new HashMap<>(claims);
		all.put("sub", subject);
		all.putIfAbsent("aud", List.of("things"));
		return SecurityTestApplication.TOKENS.sign(SecurityTestApplication.ISSUER, Instant.now(), all);
	}

	private static String badToken(String kind) {
		Map<String, Object> claims = new HashMap<>(Map.of("sub", ALICE.toString(), "aud", List.of("things")));
		return switch (kind) {
			case "malformed" -> "not-a-token";
			case "forged" -> new Tokens(Tokens.generate()).sign(SecurityTestApplication.ISSUER, Instant.now(), claims);
			case "none" -> {
				Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
				String header = base64.encodeToString("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8));
				String body = base64.encodeToString(("{\"sub\":\"" + ALICE + "\",\"aud\":[\"things\"],\"iss\":\""
						+ SecurityTestApplication.ISSUER + "\",\"exp\":" + (Instant.now().getEpochSecond() + 600) + "}")
					.getBytes(StandardCharsets.UTF_8));
				yield header + "." + body + ".";
			}
			case "expired" -> SecurityTestApplication.TOKENS.sign(SecurityTestApplication.ISSUER,
					Instant.now().minusSeconds(3600), claims);
			case "audience" -> {
				claims.put("aud", List.of("another-service"));
				yield SecurityTestApplication.TOKENS.sign(SecurityTestApplication.ISSUER, Instant.now(), claims);
			}
			case "issuer" -> SecurityTestApplication.TOKENS.sign("https://elsewhere.test", Instant.now(), claims);
			default -> throw new IllegalArgumentException(kind);
		};
	}

}
