package dev.querydriven.iotsensors.sensor;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.querydriven.iotsensors.IotSensorsFixtures;
import dev.querydriven.iotsensors.SliceTestConfiguration;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.reactive.server.WebTestClientConfigurer;

import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The registry's HTTP shape: 201 for a new sensor, 200 for an identical repeat, 409 for a
 * changed one, 400s naming each bad field, and 403 for a caller without the
 * {@code sensors:register} scope.
 */
@WebFluxTest(SensorController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ SensorMapperImpl.class, SliceTestConfiguration.class })
class SensorControllerTests {

	private static final UUID SENSOR = UUID.fromString("0b9a3d1e-8f7c-4a55-a0f1-5bb2f2a9c001");

	private static final UUID SITE = UUID.fromString("7a3e6c44-1d2b-4f0e-9c1a-2f4d8e6b5a10");

	private static final SensorsByIdRow ROW = new SensorsByIdRow(SENSOR, SITE, "cold-chain", 10,
			Instant.parse("2026-11-01T08:00:00Z"));

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private SensorService sensors;

	/**
	 * A new sensor is 201 Created with its location; the same registration again is 200.
	 */
	@Test
	void registrationIsCreatedThenConfirmed() {
		given(this.sensors.register(new NewSensor(SENSOR, SITE, "cold-chain", 10)))
			.willReturn(Mono.just(new SensorRegistration(ROW, true)), Mono.just(new SensorRegistration(ROW, false)));
		register(body(SENSOR.toString(), SITE.toString(), "cold-chain", "10")).expectStatus()
			.isCreated()
			.expectHeader()
			.location("/sensors/" + SENSOR)
			.expectBody()
			.jsonPath("$.registeredAt")
			.isEqualTo("2026-11-01T08:00:00Z");
		register(body(SENSOR.toString(), SITE.toString(), "cold-chain", "10")).expectStatus().isOk();
	}

	/** Registering an existing sensor with other attributes is a 409 problem. */
	@Test
	void changedRegistrationIsAConflict() {
		given(this.sensors.register(new NewSensor(SENSOR, SITE, "cold-chain", 10)))
			.willReturn(Mono.error(new ConflictException("Sensor is already registered")));
		register(body(SENSOR.toString(), SITE.toString(), "cold-chain", "10")).expectStatus()
			.isEqualTo(409)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

	/**
	 * Missing ids, a bad type or an interval outside 1 s to 1 day are 400s naming the
	 * field.
	 */
	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', nullValues = "null",
			textBlock = """
					missing sensor id  | null                                 | 7a3e6c44-1d2b-4f0e-9c1a-2f4d8e6b5a10 | "x"           | 10    | sensorId
					invalid site id    | "0b9a3d1e-8f7c-4a55-a0f1-5bb2f2a9c001" | "site-7"                           | "x"           | 10    | siteId
					type with spaces   | "0b9a3d1e-8f7c-4a55-a0f1-5bb2f2a9c001" | "7a3e6c44-1d2b-4f0e-9c1a-2f4d8e6b5a10" | "Cold Chain" | 10    | type
					type too long      | "0b9a3d1e-8f7c-4a55-a0f1-5bb2f2a9c001" | "7a3e6c44-1d2b-4f0e-9c1a-2f4d8e6b5a10" | "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" | 10 | type
					interval zero      | "0b9a3d1e-8f7c-4a55-a0f1-5bb2f2a9c001" | "7a3e6c44-1d2b-4f0e-9c1a-2f4d8e6b5a10" | "x"           | 0     | samplingIntervalSeconds
					interval over 1 day| "0b9a3d1e-8f7c-4a55-a0f1-5bb2f2a9c001" | "7a3e6c44-1d2b-4f0e-9c1a-2f4d8e6b5a10" | "x"           | 86401 | samplingIntervalSeconds
					interval text      | "0b9a3d1e-8f7c-4a55-a0f1-5bb2f2a9c001" | "7a3e6c44-1d2b-4f0e-9c1a-2f4d8e6b5a10" | "x"           | "often" | samplingIntervalSeconds
					""")
	void invalidRegistrationsAreRejected(String name, String sensorId, String siteId, String type, String interval,
			String field) {
		register(body(sensorId, siteId, type, interval)).expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo(field);
		verifyNoInteractions(this.sensors);
	}

	/** Malformed JSON is a 400 about the body. */
	@Test
	void malformedJsonIsRejected() {
		register("{\"sensorId\": ").expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("body");
		verifyNoInteractions(this.sensors);
	}

	/**
	 * A user's token, or a sensor's, cannot register: 403, before the service is called.
	 */
	@Test
	void registeringWithoutTheScopeIsForbidden() {
		for (WebTestClientConfigurer caller : List.of(Callers.mockCaller(UUID.randomUUID()),
				IotSensorsFixtures.mockDevice(SENSOR))) {
			this.client.mutateWith(caller)
				.post()
				.uri("/sensors")
				.contentType(MediaType.APPLICATION_JSON)
				.bodyValue(body(SENSOR.toString(), SITE.toString(), "cold-chain", "10"))
				.exchange()
				.expectStatus()
				.isForbidden()
				.expectHeader()
				.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		}
		verifyNoInteractions(this.sensors);
	}

	/** A site's sensors are a page; limit and site id are checked. */
	@Test
	void sensorsOfASiteArePaged() {
		given(this.sensors.findBySite(SITE, null, 2)).willReturn(Mono.just(
				new Page<>(List.of(new SensorsBySiteRow(SITE, SENSOR, "cold-chain", 10, ROW.registeredAt())), "more")));
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/sites/{id}/sensors?limit=2", SITE)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].sensorId")
			.isEqualTo(SENSOR.toString())
			.jsonPath("$.items[0].siteId")
			.isEqualTo(SITE.toString())
			.jsonPath("$.next")
			.isEqualTo("more");
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/sites/{id}/sensors?limit=101", SITE)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("limit");
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/sites/not-a-site/sensors")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("siteId");
	}

	private WebTestClient.ResponseSpec register(String body) {
		return this.client.mutateWith(IotSensorsFixtures.mockOperator())
			.post()
			.uri("/sensors")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(body)
			.exchange();
	}

	private static String body(String sensorId, String siteId, String type, String interval) {
		return "{\"sensorId\":" + quoted(sensorId) + ",\"siteId\":" + quoted(siteId) + ",\"type\":" + quoted(type)
				+ ",\"samplingIntervalSeconds\":" + interval + "}";
	}

	private static String quoted(String value) {
		if (value == null) {
			return "null";
		}
		return value.startsWith("\"") ? value : "\"" + value + "\"";
	}

}
