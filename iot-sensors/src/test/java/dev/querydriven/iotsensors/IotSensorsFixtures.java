package dev.querydriven.iotsensors;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.Collectors;

import dev.querydriven.iotsensors.ingestion.NewReading;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Requests the tests make over and over: register a sensor, send readings.
 */
public final class IotSensorsFixtures {

	private IotSensorsFixtures() {
	}

	/**
	 * Registers a new sensor with random ids.
	 * @param client the client
	 * @return the sensor's id
	 */
	public static UUID registerSensor(WebTestClient client) {
		return registerSensor(client, UUID.randomUUID());
	}

	/**
	 * Registers a new sensor on a site.
	 * @param client the client
	 * @param siteId the site
	 * @return the sensor's id
	 */
	public static UUID registerSensor(WebTestClient client, UUID siteId) {
		UUID sensorId = UUID.randomUUID();
		client.post()
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
	 * Sends readings and expects them accepted.
	 * @param client the client
	 * @param sensorId the sensor
	 * @param readings the readings
	 */
	public static void ingest(WebTestClient client, UUID sensorId, List<NewReading> readings) {
		client.post()
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
