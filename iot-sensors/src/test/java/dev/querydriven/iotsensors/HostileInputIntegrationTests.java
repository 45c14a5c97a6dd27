package dev.querydriven.iotsensors;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.Stream;

import dev.querydriven.testsupport.hostile.HostileInput;
import dev.querydriven.testsupport.hostile.Mutations;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.testsupport.hostile.ValidRequest.request;

/**
 * Every operation of the service's OpenAPI document against hostile input: each request
 * changes one thing of a valid one and must be a 4xx problem naming it, and afterwards
 * the tables hold exactly what the valid requests wrote.
 */
@IotSensorsIntegrationTest
class HostileInputIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private TestClock clock;

	/**
	 * Generated from {@code /v3/api-docs}: a new endpoint is covered as soon as it
	 * exists.
	 */
	@TestFactory
	Stream<DynamicNode> everyOperationRefusesHostileInput() {
		this.clock.reset();
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.SECONDS);
		UUID siteId = UUID.randomUUID();
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, siteId);
		IotSensorsFixtures.registerSensor(this.client, siteId);
		IotSensorsFixtures.ingest(this.client, sensorId, List.of(IotSensorsFixtures.reading(now.minusSeconds(60)),
				IotSensorsFixtures.reading(now.minusSeconds(30))));
		String from = now.minus(Duration.ofHours(1)).toString();
		String to = now.plusSeconds(1).toString();
		return HostileInput.against(this.client)
			.keyspace("iot_sensors")
			.valid("POST /sensors",
					() -> request().body(String.format(Locale.ROOT,
							"{\"sensorId\": \"%s\", \"siteId\": \"%s\", \"type\": \"cold-chain\", "
									+ "\"samplingIntervalSeconds\": 60}",
							UUID.randomUUID(), siteId)))
			.valid("GET /sensors/{sensorId}", request().path("sensorId", sensorId))
			.valid("GET /sites/{siteId}/sensors", request().path("siteId", siteId))
			.valid("POST /sensors/{sensorId}/readings",
					request().path("sensorId", sensorId)
						.body(IotSensorsFixtures.json(IotSensorsFixtures.reading(now.minusSeconds(10)))))
			.valid("GET /sensors/{sensorId}/readings",
					request().path("sensorId", sensorId).query("from", from).query("to", to))
			.valid("GET /sensors/{sensorId}/readings/latest", request().path("sensorId", sensorId))
			.valid("GET /sensors/{sensorId}/rollups/hourly",
					request().path("sensorId", sensorId).query("from", from).query("to", to))
			.valid("GET /buckets/advice", request().query("writesPerSecond", "0.5").query("rowBytes", "50"))
			.lenient("POST /sensors/{sensorId}/readings", "body", Mutations.ARRAY_FOR_OBJECT,
					"a gateway sends its sensors' readings in batches of up to 1,000")
			.tests();
	}

}
