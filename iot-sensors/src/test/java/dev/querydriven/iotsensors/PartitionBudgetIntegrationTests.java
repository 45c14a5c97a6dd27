package dev.querydriven.iotsensors;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.querydriven.iotsensors.ingestion.NewReading;
import dev.querydriven.iotsensors.reading.ReadingProperties;
import dev.querydriven.iotsensors.rollup.RollupProperties;
import dev.querydriven.modelcheck.harness.PartitionBudgets;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.recording.StatementRecorder;
import dev.querydriven.testsupport.RequestPartitions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.threeten.extra.MutableClock;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Partitions per request: every route driven to its worst case, counting the distinct
 * partitions the request really read with the statement recorder, held against the
 * catalogue's {@code routeBudgets()}; every route the application serves has a budget;
 * and the README's "Partitions per request" table shows the declarations and these
 * measurements (regenerate it with {@code -Dquerydriven.update-generated=true}). The
 * worst cases of the time-bucketed reads are the longest ranges a request may ask for,
 * not aligned to a bucket boundary, over a sensor that sent nothing: every bucket is read
 * and none fills the page.
 */
@IotSensorsIntegrationTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PartitionBudgetIntegrationTests {

	private static final PartitionBudgets BUDGETS = PartitionBudgets.of(new IotSensorsQueryCatalog());

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private MutableClock clock;

	@Autowired
	private ReadingProperties readings;

	@Autowired
	private RollupProperties rollups;

	@Autowired
	private ApplicationContext context;

	private Instant start;

	@BeforeEach
	void rememberTheClock() {
		this.start = this.clock.instant();
	}

	/**
	 * Tests set the clock to an instant just before the hour; the clock is the whole
	 * context's, so it goes back to where it stood.
	 */
	@AfterEach
	void restoreTheClock() {
		this.clock.setInstant(this.start);
	}

	/** Registering a sensor reads its one partition first, to recognise a replay. */
	@Test
	void registrationReadsTheSensor() {
		measure("POST /sensors", () -> IotSensorsFixtures.registerSensor(this.client, this.callers));
	}

	/** Reading a sensor reads its one partition. */
	@Test
	void sensorReadsOnePartition() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		measure("GET /sensors/{sensorId}",
				() -> this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
					.get()
					.uri("/sensors/{id}", sensorId)
					.exchange()
					.expectStatus()
					.isOk());
	}

	/** A site's sensors are one partition. */
	@Test
	void siteSensorsReadOnePartition() {
		UUID siteId = UUID.randomUUID();
		IotSensorsFixtures.registerSensor(this.client, this.callers, siteId);
		measure("GET /sites/{siteId}/sensors",
				() -> this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
					.get()
					.uri("/sites/{id}/sensors", siteId)
					.exchange()
					.expectStatus()
					.isOk());
	}

	/**
	 * A batch whose readings span the whole acceptance window, read a minute before the
	 * hour (from the late allowance's oldest instant to the clock skew's newest), touches
	 * every hour of it, and each hour's rollup is recomputed from its raw partition.
	 */
	@Test
	void ingestionReadsEveryHourItTouched() {
		Instant now = this.start.truncatedTo(ChronoUnit.HOURS).minusSeconds(60);
		this.clock.setInstant(now);
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		Instant oldest = now.minus(this.readings.lateAllowance());
		Instant newest = now.plus(this.readings.clockSkewAllowance());
		List<NewReading> readings = new ArrayList<>();
		for (Instant time = oldest; time.isBefore(newest); time = time.plus(Duration.ofHours(1))) {
			readings.add(IotSensorsFixtures.reading(time));
		}
		readings.add(IotSensorsFixtures.reading(newest));
		measure("POST /sensors/{sensorId}/readings",
				() -> IotSensorsFixtures.ingest(this.client, this.callers, sensorId, readings));
	}

	/**
	 * The longest range of readings, starting inside an hour, over a silent sensor walks
	 * every hour partition it spans.
	 */
	@Test
	void readingsWalkEveryHourOfTheLongestRange() {
		this.clock.setInstant(this.start.truncatedTo(ChronoUnit.HOURS).minusSeconds(60));
		Instant to = this.clock.instant();
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		measure("GET /sensors/{sensorId}/readings",
				() -> this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
					.get()
					.uri((uri) -> uri.path("/sensors/{id}/readings")
						.queryParam("from", to.minus(this.readings.maxRange()))
						.queryParam("to", to)
						.queryParam("limit", 100)
						.build(sensorId))
					.exchange()
					.expectStatus()
					.isOk());
	}

	/**
	 * A sensor that has sent nothing answers 404 after reading its latest reading and the
	 * sensor itself.
	 */
	@Test
	void latestReadingOfASilentSensorAlsoReadsTheSensor() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		measure("GET /sensors/{sensorId}/readings/latest",
				() -> this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
					.get()
					.uri("/sensors/{id}/readings/latest", sensorId)
					.exchange()
					.expectStatus()
					.isNotFound());
	}

	/**
	 * The longest range of rollups, starting inside a day, walks every day partition it
	 * spans.
	 */
	@Test
	void rollupsWalkEveryDayOfTheLongestRange() {
		this.clock.setInstant(this.start.truncatedTo(ChronoUnit.HOURS).minusSeconds(60));
		Instant to = this.clock.instant();
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		measure("GET /sensors/{sensorId}/rollups/hourly",
				() -> this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
					.get()
					.uri((uri) -> uri.path("/sensors/{id}/rollups/hourly")
						.queryParam("from", to.minus(this.rollups.maxRange()))
						.queryParam("to", to)
						.build(sensorId))
					.exchange()
					.expectStatus()
					.isOk());
	}

	/** Bucket advice is arithmetic: it reads nothing. */
	@Test
	void bucketAdviceReadsNothing() {
		measure("GET /buckets/advice",
				() -> this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
					.get()
					.uri("/buckets/advice?writesPerSecond=1&rowBytes=50")
					.exchange()
					.expectStatus()
					.isOk());
	}

	/**
	 * Every route the application serves has a partition budget, and every budget names a
	 * route it serves.
	 */
	@Test
	void everyRouteHasABudget() {
		BUDGETS.verifyRoutes(RequestPartitions.routes(this.context, "dev.querydriven.iotsensors"));
	}

	/**
	 * The README's "Partitions per request" table shows every route's budget, worst case
	 * and what the tests above measured (runs last).
	 */
	@Test
	@Order(Integer.MAX_VALUE)
	void readmeShowsEveryRouteAsMeasured() {
		BUDGETS.verifyReadme(Path.of("README.md"));
	}

	private void measure(String route, Runnable request) {
		BUDGETS.measured(route, RequestPartitions.read(this.recorder, route, request));
	}

}
