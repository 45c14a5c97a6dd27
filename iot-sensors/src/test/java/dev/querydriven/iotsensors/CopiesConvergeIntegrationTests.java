package dev.querydriven.iotsensors;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.iotsensors.ingestion.NewReading;
import dev.querydriven.iotsensors.reading.ReadingService;
import dev.querydriven.iotsensors.reading.SensorDataRow;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.StatementFailures;
import dev.querydriven.testsupport.StatementFailures.Failure;
import dev.querydriven.testsupport.StatementFailures.Hold;
import dev.querydriven.writeintents.IntentSweeper;
import dev.querydriven.writeintents.WriteIntents;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.core.Disposable;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.context.Lifecycle;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.iotsensors.IotSensorsFixtures.reading;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Every derived table ends up agreeing with its source, whatever the client or the
 * process does: a change is recorded ({@code write_intents}) before its first write and
 * runs detached from its request, a repeated registration rewrites its copy, and the
 * sweeper finishes what was cut short, from the source. Failures are injected into the
 * running service ({@link StatementFailures}): a copy is lost by a write that never
 * lands, not by a {@code DELETE}, which would carry a later timestamp than the source's
 * and so, rightly, win over every rewrite with the source's own timestamp.
 */
@IotSensorsIntegrationTest
class CopiesConvergeIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementFailures failures;

	@Autowired
	private CqlSession session;

	@Autowired
	private MutableClock clock;

	@Autowired
	private ReadingService readings;

	@Autowired
	private WriteIntents intents;

	@Autowired
	private IntentSweeper sweeper;

	@Autowired
	private ApplicationContext context;

	private IotSensorsTables tables;

	private Instant start;

	@BeforeEach
	void tables() {
		this.tables = new IotSensorsTables(this.session);
		this.failures.reset();
		this.start = this.clock.instant();
	}

	@AfterEach
	void databaseRecovers() {
		this.failures.reset();
		this.clock.setInstant(this.start);
	}

	/**
	 * A registration whose {@code sensors_by_site} copy outlived its retries is a 503
	 * that says a retry is safe, and the retry (a 200: the registration exists) rewrites
	 * the copy with the registration's own timestamp.
	 */
	@Test
	void repeatedRegistrationRewritesALostSiteCopy() {
		UUID sensorId = UUID.randomUUID();
		this.failures.failWrites("sensors_by_site", Integer.MAX_VALUE, Failure.WRITE_TIMEOUT);
		register(sensorId).expectStatus()
			.isEqualTo(503)
			.expectBody()
			.jsonPath("$.detail")
			.value((String detail) -> assertThat(detail).endsWith("the request is safe to retry."));
		assertThat(siteCopy(sensorId)).as("the copy was lost").isNull();

		this.failures.reset();
		register(sensorId).expectStatus().isOk();
		this.tables.assertRegistrationCopiesAgree(sensorId);
	}

	/**
	 * A registration cut short after its source row (here: a copy that failed until the
	 * request gave up, as a killed process would leave it) is finished by the sweeper
	 * once it is older than the changes' deadline: the copy is written from the source,
	 * and the intent is marked completed.
	 */
	@Test
	@ServesQuery({ "I1", "I2" })
	void theSweeperFinishesARegistrationCutShort() {
		UUID sensorId = UUID.randomUUID();
		Instant begun = this.clock.instant();
		this.failures.failWrites("sensors_by_site", Integer.MAX_VALUE, Failure.WRITE_TIMEOUT);
		register(sensorId).expectStatus().isEqualTo(503);
		assertThat(intent(sensorId, begun).isNull("completed_at")).as("the intent is unfinished").isTrue();
		this.failures.reset();

		// Past the deadline, and past the minute's end: the minute is then whole, and the
		// sweeper moves its watermark past it.
		this.clock.setInstant(begun.plus(this.intents.settings().deadline()).plusSeconds(61));
		// Other tests move the service's clock back and forth while the scheduled sweeper
		// runs: start this pass at this test's minute.
		this.session.execute("UPDATE write_intent_sweeps SET swept_until = ? WHERE minute = ?",
				begun.truncatedTo(ChronoUnit.MINUTES), this.clock.instant().truncatedTo(ChronoUnit.MINUTES));
		this.sweeper.sweep().as(StepVerifier::create).expectNextCount(1).verifyComplete();

		this.tables.assertRegistrationCopiesAgree(sensorId);
		assertThat(intent(sensorId, begun).isNull("completed_at")).as("the intent is completed").isFalse();
		assertThat(this.session
			.execute("SELECT swept_until FROM write_intent_sweeps WHERE minute = ?",
					this.clock.instant().truncatedTo(ChronoUnit.MINUTES))
			.one()
			.getInstant("swept_until")).as("the watermark, past the minute").isAfter(begun);
	}

	/**
	 * A caller that goes away while the derived tables are being written (a client that
	 * disconnects) stops waiting, not the change: the rollup and the latest reading are
	 * written all the same.
	 */
	@Test
	void aCancelledIngestionStillWritesEveryDerivedTable() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		NewReading sent = reading(this.clock.instant().minusSeconds(30).truncatedTo(ChronoUnit.MILLIS));
		Hold hold = this.failures.holdWrite("latest_reading_by_sensor");
		Disposable caller = this.readings.store(sensorId, List.of(row(sensorId, sent)), this.clock.instant())
			.subscribe();
		hold.reached().as(StepVerifier::create).expectComplete().verify(Duration.ofSeconds(30));
		caller.dispose();
		hold.release();

		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			this.tables.assertLatestReading(sensorId, sent);
			this.tables.rollupWriteTime(sensorId, Bucket.of(BucketGranularity.HOUR, sent.time()));
		});
	}

	/**
	 * A graceful shutdown (the intents' lifecycle stopping, after the web server) waits
	 * for the changes in flight before the session closes: none is lost.
	 */
	@Test
	void stoppingWaitsForTheChangesInFlight() throws Exception {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		NewReading sent = reading(this.clock.instant().minusSeconds(20).truncatedTo(ChronoUnit.MILLIS));
		Hold hold = this.failures.holdWrite("hourly_rollups_by_sensor");
		this.readings.store(sensorId, List.of(row(sensorId, sent)), this.clock.instant()).subscribe();
		hold.reached().as(StepVerifier::create).expectComplete().verify(Duration.ofSeconds(30));
		Lifecycle lifecycle = this.context.getBean("writeIntentsLifecycle", Lifecycle.class);
		try {
			CompletableFuture<Void> stopped = CompletableFuture.runAsync(lifecycle::stop);
			assertThat(this.intents.inFlight()).as("the change waits for its rollup").isEqualTo(1);
			hold.release();
			stopped.get(30, TimeUnit.SECONDS);
			assertThat(this.intents.inFlight()).isZero();
			this.tables.assertLatestReading(sensorId, sent);
			this.tables.rollupWriteTime(sensorId, Bucket.of(BucketGranularity.HOUR, sent.time()));
		}
		finally {
			lifecycle.start();
		}
	}

	/**
	 * Both writes of this service are idempotent, and the OpenAPI document says so.
	 */
	@Test
	void theOpenApiDocumentMarksBothWritesIdempotent() {
		this.client.get()
			.uri("/v3/api-docs")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.paths['/sensors'].post['x-idempotent']")
			.isEqualTo(true)
			.jsonPath("$.paths['/sensors/{sensorId}/readings'].post['x-idempotent']")
			.isEqualTo(true);
	}

	private WebTestClient.ResponseSpec register(UUID sensorId) {
		return this.client.mutateWith(IotSensorsFixtures.operator(this.callers))
			.post()
			.uri("/sensors")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"sensorId\":\"" + sensorId + "\",\"siteId\":\"" + UUID.nameUUIDFromBytes(new byte[] { 1 })
					+ "\",\"type\":\"cold-chain\",\"samplingIntervalSeconds\":1}")
			.exchange();
	}

	private Row siteCopy(UUID sensorId) {
		return this.session
			.execute("SELECT sensor_id FROM sensors_by_site WHERE site_id = ? AND sensor_id = ?",
					UUID.nameUUIDFromBytes(new byte[] { 1 }), sensorId)
			.one();
	}

	/**
	 * The registration's intent: in the minute it began (or the next, should the id's
	 * clock have moved on), in one of the minute's shards.
	 */
	private Row intent(UUID sensorId, Instant begun) {
		Instant minute = begun.truncatedTo(ChronoUnit.MINUTES);
		for (Instant bucket : List.of(minute, minute.plusSeconds(60))) {
			for (int shard = 0; shard < this.intents.settings().shards(); shard++) {
				for (Row row : this.session.execute(
						"SELECT kind, source_key, completed_at FROM write_intents WHERE bucket = ? AND shard = ?",
						bucket, (byte) shard)) {
					if (sensorId.toString()
						.equals(row.getMap("source_key", String.class, String.class).get("sensor_id"))) {
						return row;
					}
				}
			}
		}
		throw new AssertionError("No intent recorded for the registration of " + sensorId);
	}

	private static SensorDataRow row(UUID sensorId, NewReading reading) {
		return SensorDataRow.of(sensorId, reading.time(), reading.temperature(), reading.humidity(),
				reading.batteryLevel());
	}

}
