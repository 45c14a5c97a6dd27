package dev.querydriven.iotsensors.reading;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.iotsensors.IotSensorsFixtures;
import dev.querydriven.iotsensors.IotSensorsIntegrationTest;
import dev.querydriven.iotsensors.IotSensorsTables;
import dev.querydriven.iotsensors.ingestion.NewReading;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.dualwrite.Reconciler;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.StatementFailures.Failure;
import dev.querydriven.testsupport.StatementFailures;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.iotsensors.IotSensorsFixtures.reading;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The database failing in the middle of an ingestion, injected into the running service
 * ({@link StatementFailures}): a derived table that cannot be written is repaired by the
 * reconciler without any client retry, only transient failures are retried, a write whose
 * answer was lost is a 503 whose retry changes nothing, and a database that does not
 * answer is a 503 that is safe to retry.
 */
@IotSensorsIntegrationTest
class ReadingCopiesIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementFailures failures;

	@Autowired
	private Reconciler reconciler;

	@Autowired
	private MeterRegistry meters;

	@Autowired
	@Qualifier("reconcilerHealthIndicator")
	private HealthIndicator reconcilerHealth;

	@Autowired
	private CqlSession session;

	@Autowired
	private MutableClock clock;

	private IotSensorsTables tables;

	@BeforeEach
	void tables() {
		this.tables = new IotSensorsTables(this.session);
		this.failures.reset();
	}

	@AfterEach
	void databaseRecovers() {
		this.failures.reset();
	}

	/**
	 * A derived write that outlives the writer's retries (here: the latest reading while
	 * its replicas time out) fails the request with a 503, is queued for the reconciler
	 * (backlog 1, in the metric and the health), and once the database answers again the
	 * reconciler's scheduled pass writes it, with the reading's own time as its
	 * timestamp: the latest reading is right without any client retry.
	 */
	@Test
	void failedCopyIsRepairedByTheReconcilerWithoutAClientRetry() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		NewReading sent = reading(this.clock.instant().minusSeconds(40).truncatedTo(ChronoUnit.MILLIS));
		this.failures.failWrites("latest_reading_by_sensor", Integer.MAX_VALUE, Failure.WRITE_TIMEOUT);
		ingest(sensorId, sent).expectStatus()
			.isEqualTo(503)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		assertThat(this.session.execute("SELECT * FROM latest_reading_by_sensor WHERE sensor_id = ?", sensorId).one())
			.isNull();
		assertThat(this.session
			.execute("SELECT reading_time FROM sensor_data WHERE sensor_id = ? AND date = ? AND hour = ?", sensorId,
					hourOf(sent.time()).date(), hourOf(sent.time()).hour())
			.one()).as("the raw reading, the source of truth, is stored").isNotNull();
		assertThat(this.reconciler.pending()).isEqualTo(1);
		assertThat(this.meters.get("querydriven.dualwrite.backlog").gauge().value()).isEqualTo(1);
		assertThat(this.reconcilerHealth.health().getDetails()).containsEntry("backlog", 1);

		this.failures.reset();
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> this.tables.assertLatestReading(sensorId, sent));
		await().atMost(Duration.ofSeconds(20)).until(() -> this.reconciler.pending() == 0);
		assertThat(this.reconcilerHealth.health().getStatus()).isEqualTo(Status.UP);
	}

	/**
	 * A transient failure of a derived write (a write timeout) is retried and the request
	 * succeeds; a failure no retry can fix (the node refusing the statement) is not
	 * retried, and not queued for the reconciler either: a 500 that says nothing of the
	 * statement, only the id it is logged under.
	 */
	@Test
	void onlyTransientFailuresAreRetried() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		NewReading sent = reading(this.clock.instant().minusSeconds(50).truncatedTo(ChronoUnit.MILLIS));
		this.failures.failWrites("hourly_rollups_by_sensor", 2, Failure.WRITE_TIMEOUT);
		ingest(sensorId, sent).expectStatus().isEqualTo(HttpStatus.ACCEPTED);
		assertThat(this.failures.attempts("hourly_rollups_by_sensor")).as("a rollup failed twice, then written")
			.isEqualTo(3);
		this.tables.rollupWriteTime(sensorId, hourOf(sent.time()));

		this.failures.reset();
		this.failures.failWrites("hourly_rollups_by_sensor", 1, Failure.INVALID_QUERY);
		ingest(sensorId, reading(sent.time().plusSeconds(1))).expectStatus()
			.isEqualTo(500)
			.expectBody()
			.jsonPath("$.detail")
			.isEqualTo("The server could not complete the request. It is logged under the id in 'errorId'.")
			.jsonPath("$.errorId")
			.isNotEmpty();
		assertThat(this.failures.attempts("hourly_rollups_by_sensor")).as("a refused write is not retried")
			.isEqualTo(1);
		assertThat(this.reconciler.pending()).as("nor queued for the reconciler").isZero();
	}

	/**
	 * A raw batch that applied but whose answer was lost (a write timeout) is a 503: no
	 * transaction guards an ingestion, so the service cannot tell it applied. The
	 * client's retry of the same request is safe, every statement being an idempotent
	 * upsert: the same rows, the same rollup, the same latest reading.
	 */
	@Test
	void lostAnswerOfARawWriteIsA503WhoseRetryChangesNothing() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		List<NewReading> sent = List.of(reading(now.minusSeconds(70)), reading(now.minusSeconds(60)));
		this.failures.loseAnswers("sensor_data", 1);
		this.client.mutateWith(IotSensorsFixtures.device(this.callers, sensorId))
			.post()
			.uri("/sensors/{id}/readings", sensorId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(IotSensorsFixtures.json(sent))
			.exchange()
			.expectStatus()
			.isEqualTo(503);
		assertThat(rawCount(sensorId, hourOf(sent.get(0).time()))).as("the batch applied").isEqualTo(2);

		IotSensorsFixtures.ingest(this.client, this.callers, sensorId, sent);
		assertThat(rawCount(sensorId, hourOf(sent.get(0).time()))).isEqualTo(2);
		this.tables.assertLatestReading(sensorId, sent.get(1));
		assertThat(this.session
			.execute(
					"SELECT reading_count FROM hourly_rollups_by_sensor WHERE sensor_id = ? AND date = ? "
							+ "AND hour_start = ?",
					sensorId, hourOf(sent.get(0).time()).date(), hourOf(sent.get(0).time()).start())
			.one()
			.getInt("reading_count")).isEqualTo(2);
	}

	/**
	 * A database that does not answer (a client timeout, too few replicas) is a 503
	 * problem: the request may be retried, every write being idempotent.
	 */
	@Test
	void unansweredReadIsA503() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		for (Failure failure : new Failure[] { Failure.CLIENT_TIMEOUT, Failure.UNAVAILABLE, Failure.READ_TIMEOUT }) {
			this.failures.failReads("sensors_by_id", 1, failure);
			this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
				.get()
				.uri("/sensors/{id}", sensorId)
				.exchange()
				.expectStatus()
				.isEqualTo(503)
				.expectHeader()
				.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		}
		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri("/sensors/{id}", sensorId)
			.exchange()
			.expectStatus()
			.isOk();
	}

	private WebTestClient.ResponseSpec ingest(UUID sensorId, NewReading reading) {
		return this.client.mutateWith(IotSensorsFixtures.device(this.callers, sensorId))
			.post()
			.uri("/sensors/{id}/readings", sensorId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(IotSensorsFixtures.json(reading))
			.exchange();
	}

	private int rawCount(UUID sensorId, Bucket hour) {
		return this.session
			.execute("SELECT reading_time FROM sensor_data WHERE sensor_id = ? AND date = ? AND hour = ?", sensorId,
					hour.date(), hour.hour())
			.all()
			.size();
	}

	private static Bucket hourOf(Instant time) {
		return Bucket.of(BucketGranularity.HOUR, time);
	}

}
