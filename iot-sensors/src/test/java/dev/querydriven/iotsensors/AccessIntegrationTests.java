package dev.querydriven.iotsensors;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Function;

import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.devrun.DevTokens;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.reactive.server.WebTestClientConfigurer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who may act ({@link AccessConfiguration}), with real tokens checked by the service's
 * decoder: the provisioning tool registers, each sensor sends its own readings, any
 * signed-in caller reads, and the management endpoints are an admin's, on a port of their
 * own.
 */
@IotSensorsIntegrationTest
class AccessIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private MutableClock clock;

	@LocalManagementPort
	private int managementPort;

	/**
	 * Without a token every route is a 401 problem with a bearer challenge, even the
	 * advisor's arithmetic; the OpenAPI document stays public.
	 */
	@Test
	void everyRouteNeedsAToken() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.SECONDS);
		String range = "?from=" + now.minusSeconds(3600) + "&to=" + now;
		List<Function<WebTestClient, WebTestClient.RequestHeadersSpec<?>>> routes = List.of(
				(anonymous) -> anonymous.post()
					.uri("/sensors")
					.contentType(MediaType.APPLICATION_JSON)
					.bodyValue(registration(UUID.randomUUID())),
				(anonymous) -> anonymous.get().uri("/sensors/{id}", sensorId),
				(anonymous) -> anonymous.get().uri("/sites/{id}/sensors", UUID.randomUUID()),
				(anonymous) -> anonymous.post()
					.uri("/sensors/{id}/readings", sensorId)
					.contentType(MediaType.APPLICATION_JSON)
					.bodyValue(reading(now)),
				(anonymous) -> anonymous.get().uri("/sensors/" + sensorId + "/readings" + range),
				(anonymous) -> anonymous.get().uri("/sensors/{id}/readings/latest", sensorId),
				(anonymous) -> anonymous.get().uri("/sensors/" + sensorId + "/rollups/hourly" + range),
				(anonymous) -> anonymous.get().uri("/buckets/advice"));
		for (Function<WebTestClient, WebTestClient.RequestHeadersSpec<?>> route : routes) {
			expectRefused(route.apply(this.client).exchange(), HttpStatus.UNAUTHORIZED);
		}
		this.client.get().uri("/v3/api-docs").exchange().expectStatus().isOk();
	}

	/**
	 * Registering takes the {@code sensors:register} scope: neither a user's token nor a
	 * sensor's own is enough, and nothing is registered until the provisioning tool's is
	 * used.
	 */
	@Test
	void registeringTakesTheRegisterScope() {
		UUID sensorId = UUID.randomUUID();
		expectRefused(register(sensorId, this.callers.as(UUID.randomUUID())), HttpStatus.FORBIDDEN);
		expectRefused(register(sensorId, IotSensorsFixtures.device(this.callers, sensorId)), HttpStatus.FORBIDDEN);
		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri("/sensors/{id}", sensorId)
			.exchange()
			.expectStatus()
			.isNotFound();

		register(sensorId, IotSensorsFixtures.operator(this.callers)).expectStatus().isCreated();
	}

	/**
	 * A sensor's readings come from that sensor's device token only: another sensor's
	 * token, a token naming the sensor without {@code readings:write}, a user's and the
	 * provisioning tool's are all refused with 403, and none of them wrote a reading.
	 */
	@Test
	void onlyTheSensorItselfSendsItsReadings() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		UUID otherSensor = IotSensorsFixtures.registerSensor(this.client, this.callers);
		Instant time = this.clock.instant().truncatedTo(ChronoUnit.MILLIS).minusSeconds(10);
		List<WebTestClientConfigurer> strangers = List.of(IotSensorsFixtures.device(this.callers, otherSensor),
				token(sensorId.toString(), null), token(sensorId.toString(), "readings:read"),
				this.callers.as(UUID.randomUUID()), IotSensorsFixtures.operator(this.callers));
		for (WebTestClientConfigurer stranger : strangers) {
			expectRefused(send(sensorId, time, stranger), HttpStatus.FORBIDDEN);
		}
		latest(sensorId).expectStatus().isNotFound();

		send(sensorId, time, IotSensorsFixtures.device(this.callers, sensorId)).expectStatus()
			.isEqualTo(HttpStatus.ACCEPTED);
		latest(sensorId).expectStatus().isOk().expectBody().jsonPath("$.time").isEqualTo(time.toString());
	}

	/**
	 * Any valid token reads, whoever it names: a user with no role, or a sensor's own
	 * device token.
	 */
	@Test
	void anySignedInCallerReads() {
		UUID siteId = UUID.randomUUID();
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers, siteId);
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.SECONDS);
		IotSensorsFixtures.ingest(this.client, this.callers, sensorId,
				List.of(IotSensorsFixtures.reading(now.minusSeconds(30))));
		String range = "?from=" + now.minusSeconds(3600) + "&to=" + now;
		for (WebTestClientConfigurer reader : List.of(this.callers.as(UUID.randomUUID()),
				IotSensorsFixtures.device(this.callers, sensorId))) {
			WebTestClient signedIn = this.client.mutateWith(reader);
			signedIn.get().uri("/sensors/{id}", sensorId).exchange().expectStatus().isOk();
			signedIn.get().uri("/sites/{id}/sensors", siteId).exchange().expectStatus().isOk();
			signedIn.get().uri("/sensors/" + sensorId + "/readings" + range).exchange().expectStatus().isOk();
			signedIn.get().uri("/sensors/{id}/readings/latest", sensorId).exchange().expectStatus().isOk();
			signedIn.get().uri("/sensors/" + sensorId + "/rollups/hourly" + range).exchange().expectStatus().isOk();
			signedIn.get().uri("/buckets/advice").exchange().expectStatus().isOk();
		}
	}

	/**
	 * The OpenAPI document shows the bearer scheme and each operation's rule
	 * ({@code x-access}).
	 */
	@Test
	void theOpenApiDocumentShowsEachRule() {
		this.client.get()
			.uri("/v3/api-docs")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.components.securitySchemes.bearer.scheme")
			.isEqualTo("bearer")
			.jsonPath("$.paths['/sensors'].post['x-access']")
			.isEqualTo("scope:sensors:register")
			.jsonPath("$.paths['/sensors/{sensorId}/readings'].post['x-access']")
			.isEqualTo("owner with scope:readings:write")
			.jsonPath("$.paths['/sensors/{sensorId}/readings'].post.security[0].bearer")
			.exists()
			.jsonPath("$.paths['/sensors/{sensorId}/readings'].get['x-access']")
			.isEqualTo("signed-in")
			.jsonPath("$.paths['/buckets/advice'].get['x-access']")
			.isEqualTo("signed-in");
	}

	/**
	 * Actuator answers on the management port only: the health check to anyone (its
	 * status alone), the metrics to an admin (401 without a token, 403 for a user); the
	 * application port serves none of it.
	 */
	@Test
	void managementEndpointsAreAnAdminsOnTheirOwnPort() {
		WebTestClient management = WebTestClient.bindToServer()
			.baseUrl("http://localhost:" + this.managementPort)
			.build();
		management.get()
			.uri("/actuator/health")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("UP")
			.jsonPath("$.components")
			.doesNotExist();
		expectRefused(management.get().uri("/actuator/metrics").exchange(), HttpStatus.UNAUTHORIZED);
		expectRefused(
				management.mutateWith(this.callers.as(UUID.randomUUID())).get().uri("/actuator/metrics").exchange(),
				HttpStatus.FORBIDDEN);
		management.mutateWith(this.callers.as(UUID.randomUUID(), Caller.ADMIN))
			.get()
			.uri("/actuator/metrics")
			.exchange()
			.expectStatus()
			.isOk();

		WebTestClient admin = this.client.mutateWith(this.callers.as(UUID.randomUUID(), Caller.ADMIN));
		admin.get().uri("/actuator/metrics").exchange().expectStatus().isNotFound();
		admin.get().uri("/actuator/health").exchange().expectStatus().isNotFound();
	}

	private WebTestClient.ResponseSpec register(UUID sensorId, WebTestClientConfigurer caller) {
		return this.client.mutateWith(caller)
			.post()
			.uri("/sensors")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(registration(sensorId))
			.exchange();
	}

	private WebTestClient.ResponseSpec send(UUID sensorId, Instant time, WebTestClientConfigurer caller) {
		return this.client.mutateWith(caller)
			.post()
			.uri("/sensors/{id}/readings", sensorId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(reading(time))
			.exchange();
	}

	private WebTestClient.ResponseSpec latest(UUID sensorId) {
		return this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri("/sensors/{id}/readings/latest", sensorId)
			.exchange();
	}

	private WebTestClientConfigurer token(String subject, String scope) {
		return Callers.bearer(this.callers.tokens().mint(new DevTokens.TokenRequest(subject, null, scope, null, null)));
	}

	private static void expectRefused(WebTestClient.ResponseSpec response, HttpStatus status) {
		response.expectStatus()
			.isEqualTo(status)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectHeader()
			.value(HttpHeaders.WWW_AUTHENTICATE, (challenge) -> assertThat(challenge).startsWith("Bearer"));
	}

	private static String registration(UUID sensorId) {
		return String.format(Locale.ROOT,
				"{\"sensorId\":\"%s\",\"siteId\":\"%s\",\"type\":\"cold-chain\",\"samplingIntervalSeconds\":60}",
				sensorId, UUID.randomUUID());
	}

	private static String reading(Instant time) {
		return IotSensorsFixtures.json(IotSensorsFixtures.reading(time));
	}

}
