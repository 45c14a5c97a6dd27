package dev.querydriven.iotsensors;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.Collectors;

import dev.querydriven.iotsensors.ingestion.NewReading;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.devrun.DevTokens;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers;
import org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.JwtMutator;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.reactive.server.WebTestClientConfigurer;

/**
 * Requests the tests make over and over (register a sensor, send readings) and the
 * callers who make them: the provisioning tool, a sensor, a signed-in user.
 */
public final class IotSensorsFixtures {

	/** The subject of the provisioning tool's token. */
	public static final String OPERATOR = "operator";

	private IotSensorsFixtures() {
	}

	/**
	 * Requests from the provisioning tool: a token with the {@code sensors:register}
	 * scope.
	 * @param callers the test's callers
	 * @return the configurer for {@code WebTestClient.mutateWith}
	 */
	public static WebTestClientConfigurer operator(Callers callers) {
		return Callers
			.bearer(callers.tokens().mint(new DevTokens.TokenRequest(OPERATOR, null, "sensors:register", null, null)));
	}

	/**
	 * Requests from a sensor: a device token whose subject is the sensor's id, with the
	 * {@code readings:write} scope.
	 * @param callers the test's callers
	 * @param sensorId the sensor
	 * @return the configurer for {@code WebTestClient.mutateWith}
	 */
	public static WebTestClientConfigurer device(Callers callers, UUID sensorId) {
		return Callers.bearer(callers.tokens()
			.mint(new DevTokens.TokenRequest(sensorId.toString(), null, "readings:write", null, null)));
	}

	/**
	 * Requests from a signed-in user with no role or scope, such as a dashboard's: what
	 * every read needs.
	 * @param callers the test's callers
	 * @return the configurer for {@code WebTestClient.mutateWith}
	 */
	public static WebTestClientConfigurer signedIn(Callers callers) {
		return callers.as(UUID.randomUUID());
	}

	/**
	 * The provisioning tool as a controller slice sees it: a JWT granting
	 * {@code sensors:register}.
	 * @return the configurer for {@code WebTestClient.mutateWith}
	 */
	public static JwtMutator mockOperator() {
		return SecurityMockServerConfigurers.mockJwt()
			.jwt((jwt) -> jwt.subject(OPERATOR))
			.authorities(new SimpleGrantedAuthority("SCOPE_sensors:register"));
	}

	/**
	 * A sensor as a controller slice sees it: a JWT whose subject is the sensor's id,
	 * granting {@code readings:write}.
	 * @param sensorId the sensor
	 * @return the configurer for {@code WebTestClient.mutateWith}
	 */
	public static JwtMutator mockDevice(UUID sensorId) {
		return SecurityMockServerConfigurers.mockJwt()
			.jwt((jwt) -> jwt.subject(sensorId.toString()))
			.authorities(new SimpleGrantedAuthority("SCOPE_readings:write"));
	}

	/**
	 * Registers a new sensor with random ids, as the provisioning tool.
	 * @param client the client
	 * @param callers the test's callers
	 * @return the sensor's id
	 */
	public static UUID registerSensor(WebTestClient client, Callers callers) {
		return registerSensor(client, callers, UUID.randomUUID());
	}

	/**
	 * Registers a new sensor on a site, as the provisioning tool.
	 * @param client the client
	 * @param callers the test's callers
	 * @param siteId the site
	 * @return the sensor's id
	 */
	public static UUID registerSensor(WebTestClient client, Callers callers, UUID siteId) {
		UUID sensorId = UUID.randomUUID();
		client.mutateWith(operator(callers))
			.post()
			.uri("/sensors")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(String.format(Locale.ROOT,
					"{\"sensorId\":\"%s\",\"siteId\":\"%s\",\"type\":\"cold-chain\",\"samplingIntervalSeconds\":1}",
					sensorId, siteId))
			.exchange()
			.expectStatus()
			.isCreated();
		return sensorId;
	}

	/**
	 * A reading with plausible values derived from its time.
	 * @param time the reading time
	 * @return the reading
	 */
	public static NewReading reading(Instant time) {
		long seconds = time.getEpochSecond();
		return new NewReading(time, 15 + Math.floorMod(seconds, 97) / 10.0, 40 + Math.floorMod(seconds, 53) / 2.0,
				50 + (int) Math.floorMod(seconds, 50));
	}

	/**
	 * The JSON of one reading.
	 * @param reading the reading
	 * @return a JSON object
	 */
	public static String json(NewReading reading) {
		return String.format(Locale.ROOT, "{\"time\":\"%s\",\"temperature\":%s,\"humidity\":%s,\"batteryLevel\":%d}",
				reading.time(), reading.temperature(), reading.humidity(), reading.batteryLevel());
	}

	/**
	 * The JSON of a batch.
	 * @param readings the readings
	 * @return a JSON array
	 */
	public static String json(List<NewReading> readings) {
		return readings.stream().map(IotSensorsFixtures::json).collect(Collectors.joining(",", "[", "]"));
	}

	/**
	 * Sends readings as the sensor and expects them accepted.
	 * @param client the client
	 * @param callers the test's callers
	 * @param sensorId the sensor
	 * @param readings the readings
	 */
	public static void ingest(WebTestClient client, Callers callers, UUID sensorId, List<NewReading> readings) {
		client.mutateWith(device(callers, sensorId))
			.post()
			.uri("/sensors/{id}/readings", sensorId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(json(readings))
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.ACCEPTED)
			.expectBody()
			.jsonPath("$.accepted")
			.isEqualTo(readings.size());
	}

}
