package dev.querydriven.iotsensors;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.architecture.CqlTemplateException;
import dev.querydriven.testsupport.architecture.ServiceArchitectureRules;
import dev.querydriven.testsupport.conformance.ServiceConformanceTests;
import dev.querydriven.testsupport.devrun.DevTokens;
import dev.querydriven.testsupport.hostile.HostileInput;
import dev.querydriven.testsupport.hostile.Mutations;
import org.junit.jupiter.api.Order;
import org.threeten.extra.MutableClock;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.testsupport.hostile.ValidRequest.request;

/** The conformance suite every service passes, on this service. */
@IotSensorsIntegrationTest
@Order(Integer.MAX_VALUE)
class IotSensorsConformanceTests extends ServiceConformanceTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

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
	 * second page; a gateway may send a batch of readings. Each request carries the token
	 * of who may send it: the provisioning tool's, the sensor's own, or a user's.
	 */
	@Override
	protected HostileInput.Builder validRequests(HostileInput.Builder requests) {
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.SECONDS);
		UUID siteId = UUID.randomUUID();
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers, siteId);
		IotSensorsFixtures.registerSensor(this.client, this.callers, siteId);
		IotSensorsFixtures.ingest(this.client, this.callers, sensorId, List
			.of(IotSensorsFixtures.reading(now.minusSeconds(60)), IotSensorsFixtures.reading(now.minusSeconds(30))));
		DevTokens tokens = this.callers.tokens();
		String operator = bearer(tokens, IotSensorsFixtures.OPERATOR, "sensors:register");
		String device = bearer(tokens, sensorId.toString(), "readings:write");
		String user = "Bearer " + tokens.forUser(UUID.randomUUID());
		String from = now.minus(Duration.ofHours(1)).toString();
		String to = now.plusSeconds(1).toString();
		return requests
			.valid("POST /sensors",
					() -> request().header(HttpHeaders.AUTHORIZATION, operator)
						.body(String.format(Locale.ROOT,
								"{\"sensorId\": \"%s\", \"siteId\": \"%s\", \"type\": \"cold-chain\", "
										+ "\"samplingIntervalSeconds\": 60}",
								UUID.randomUUID(), siteId)))
			.valid("GET /sensors/{sensorId}",
					request().header(HttpHeaders.AUTHORIZATION, user).path("sensorId", sensorId))
			.valid("GET /sites/{siteId}/sensors",
					request().header(HttpHeaders.AUTHORIZATION, user).path("siteId", siteId))
			.valid("POST /sensors/{sensorId}/readings",
					request().header(HttpHeaders.AUTHORIZATION, device)
						.path("sensorId", sensorId)
						.body(IotSensorsFixtures.json(IotSensorsFixtures.reading(now.minusSeconds(10)))))
			.valid("GET /sensors/{sensorId}/readings",
					request().header(HttpHeaders.AUTHORIZATION, user)
						.path("sensorId", sensorId)
						.query("from", from)
						.query("to", to))
			.valid("GET /sensors/{sensorId}/readings/latest",
					request().header(HttpHeaders.AUTHORIZATION, user).path("sensorId", sensorId))
			.valid("GET /sensors/{sensorId}/rollups/hourly",
					request().header(HttpHeaders.AUTHORIZATION, user)
						.path("sensorId", sensorId)
						.query("from", from)
						.query("to", to))
			.valid("GET /buckets/advice",
					request().header(HttpHeaders.AUTHORIZATION, user)
						.query("writesPerSecond", "0.5")
						.query("rowBytes", "50"))
			.lenient("POST /sensors/{sensorId}/readings", "body", Mutations.ARRAY_FOR_OBJECT,
					"a gateway sends its sensors' readings in batches of up to 1,000");
	}

	private static String bearer(DevTokens tokens, String subject, String scope) {
		return "Bearer " + tokens.mint(new DevTokens.TokenRequest(subject, null, scope, null, null));
	}

}
