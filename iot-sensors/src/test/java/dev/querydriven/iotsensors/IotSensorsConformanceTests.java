package dev.querydriven.iotsensors;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.testsupport.architecture.CqlTemplateException;
import dev.querydriven.testsupport.architecture.ServiceArchitectureRules;
import dev.querydriven.testsupport.conformance.ServiceConformanceTests;
import dev.querydriven.testsupport.hostile.HostileInput;
import dev.querydriven.testsupport.hostile.Mutations;
import org.junit.jupiter.api.Order;
import org.threeten.extra.MutableClock;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.testsupport.hostile.ValidRequest.request;

/** The conformance suite every service passes, on this service. */
@IotSensorsIntegrationTest
@Order(Integer.MAX_VALUE)
class IotSensorsConformanceTests extends ServiceConformanceTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private MutableClock clock;

	@Override
	protected QueryCatalog catalog() {
		return new IotSensorsQueryCatalog();
	}

	/**
	 * One CQL-template exception: the rollup repository maps the answer of Q5, an
	 * aggregate, by hand.
	 */
	@Override
	protected ServiceArchitectureRules architecture() {
		return ServiceArchitectureRules.forService("iot-sensors", "dev.querydriven.iotsensors",
				CqlTemplateException.named("dev.querydriven.iotsensors.rollup.RollupRepository",
						"Q5's answer is an aggregate of a raw hour (count, minima, maxima, means), not a row of any "
								+ "table, and an empty hour answers null aggregates: no entity maps it"));
	}

	/**
	 * Two sensors of one site and two readings of one of them, so that every list has a
	 * second page; a gateway may send a batch of readings.
	 */
	@Override
	protected HostileInput.Builder validRequests(HostileInput.Builder requests) {
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.SECONDS);
		UUID siteId = UUID.randomUUID();
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, siteId);
		IotSensorsFixtures.registerSensor(this.client, siteId);
		IotSensorsFixtures.ingest(this.client, sensorId, List.of(IotSensorsFixtures.reading(now.minusSeconds(60)),
				IotSensorsFixtures.reading(now.minusSeconds(30))));
		String from = now.minus(Duration.ofHours(1)).toString();
		String to = now.plusSeconds(1).toString();
		return requests
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
					"a gateway sends its sensors' readings in batches of up to 1,000");
	}

}
