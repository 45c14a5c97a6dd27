package dev.querydriven.testsupport.devrun.tokens;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import dev.querydriven.testsupport.devrun.DevTokens;
import dev.querydriven.testsupport.devrun.DevTokensConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.ApplicationContext;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dev run's tokens: handed out on this machine, trusted by the service, kept for the
 * next run.
 */
@WebFluxTest(controllers = TokensApplication.MeController.class, properties = "spring.application.name=tokens")
class DevTokensConfigurationTests {

	@Autowired
	private ApplicationContext context;

	/** Requests from this machine, as a server would see them (a slice has no server). */
	private WebTestClient client;

	@BeforeEach
	void fromLoopback() {
		this.client = from("127.0.0.1");
	}

	private WebTestClient from(String address) {
		return WebTestClient.bindToApplicationContext(this.context)
			.webFilter((exchange,
					chain) -> chain.filter(exchange.mutate()
						.request((request) -> request.remoteAddress(new InetSocketAddress(address, 50000)))
						.build()))
			.build();
	}

	/** A token from POST /dev/tokens makes the next request act as its subject. */
	@Test
	void aMintedTokenActsAsItsSubject() {
		UUID user = UUID.randomUUID();
		Map<String, Object> answer = this.client.post()
			.uri(DevTokensConfiguration.PATH)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"sub\": \"" + user + "\", \"roles\": [\"staff\"], \"expires_in\": 600}")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(new ParameterizedTypeReference<Map<String, Object>>() {
			})
			.returnResult()
			.getResponseBody();
		assertThat(answer).containsEntry("token_type", "Bearer").containsEntry("expires_in", 600);
		this.client.get()
			.uri("/me")
			.header(HttpHeaders.AUTHORIZATION, "Bearer " + answer.get("access_token"))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(user.toString())
			.jsonPath("$.roles[0]")
			.isEqualTo("staff");
	}

	/**
	 * A request for a token that names no subject, or asks too much, is a 400 naming the
	 * member.
	 */
	@ParameterizedTest
	@CsvSource(delimiter = '|',
			value = { "{}|sub", "{\"sub\": \"\"}|sub", "{\"sub\": \"a\", \"expires_in\": 0}|expires_in",
					"{\"sub\": \"a\", \"roles\": [\"a b\"]}|roles", "{\"sub\": \"a\", \"scope\": \"x\\ty\"}|scope",
					"{\"sub\": \"a\", \"admin\": true}|admin" })
	void badRequestsNameTheMember(String body, String member) {
		this.client.post()
			.uri(DevTokensConfiguration.PATH)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(body)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo(member);
	}

	/** A caller from another machine finds no such route. */
	@Test
	void otherMachinesGetNotFound() {
		from("192.0.2.7").post()
			.uri(DevTokensConfiguration.PATH)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"sub\": \"someone\"}")
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

	/**
	 * The key is written once, readable by its owner only, and read again by the next
	 * run.
	 */
	@Test
	void theKeyIsKeptOwnerOnly(@TempDir Path directory) throws Exception {
		Path file = directory.resolve("node").resolve("dev-tokens.jwk.json");
		DevTokens first = DevTokens.keptIn(file, "tokens");
		DevTokens next = DevTokens.keptIn(file, "tokens");
		assertThat(next.publicKey()).isEqualTo(first.publicKey());
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
		try (Stream<Path> files = Files.list(file.getParent())) {
			assertThat(files).as("no temporary file left").containsExactly(file);
		}
	}

}
