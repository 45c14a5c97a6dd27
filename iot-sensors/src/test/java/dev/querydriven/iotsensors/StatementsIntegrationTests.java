package dev.querydriven.iotsensors;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.querydriven.iotsensors.ingestion.NewReading;
import dev.querydriven.servicesupport.data.ServiceReactiveSession;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.recording.RecordedRequest;
import dev.querydriven.testsupport.recording.RecordedStatement;
import dev.querydriven.testsupport.recording.StatementRecorder;
import dev.querydriven.testsupport.PreparedStatementsCheck;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.data.cassandra.ReactiveSession;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.iotsensors.IotSensorsFixtures.reading;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the service's requests really do to the database, as the statement recorder sees
 * them: every statement prepared once, and each request's statements, partitions and
 * consistency levels.
 */
@IotSensorsIntegrationTest
class StatementsIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private ReactiveSession session;

	@Autowired
	private MutableClock clock;

	/**
	 * A steady load (registering sensors, ingesting readings, reading them in both
	 * orders, the latest one, the rollups and a site's sensors page by page) prepares
	 * nothing new once warmed up: each statement text is prepared once and reused, even
	 * after a garbage collection.
	 */
	@Test
	void steadyLoadPreparesNothingNew() {
		UUID siteId = UUID.randomUUID();
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		// A sensor on the site already, so that the first run pages on with a cursor too
		// (otherwise only the second run would, and prepare the continuation then).
		IotSensorsFixtures.registerSensor(this.client, this.callers, siteId);
		PreparedStatementsCheck.assertSteadyLoadPreparesNothing(this.recorder, (ServiceReactiveSession) this.session,
				() -> {
					UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers, siteId);
					IotSensorsFixtures.ingest(this.client, this.callers, sensorId,
							List.of(reading(now.minusSeconds(90)), reading(now.minusSeconds(30))));
					this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
						.get()
						.uri("/sensors/{id}", sensorId)
						.exchange()
						.expectStatus()
						.isOk();
					Object next = this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
						.get()
						.uri("/sites/{id}/sensors?limit=1", siteId)
						.exchange()
						.expectStatus()
						.isOk()
						.expectBody(new ParameterizedTypeReference<Map<String, Object>>() {
						})
						.returnResult()
						.getResponseBody()
						.get("next");
					if (next != null) {
						this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
							.get()
							.uri((uri) -> uri.path("/sites/{id}/sensors")
								.queryParam("limit", 1)
								.queryParam("cursor", next)
								.build(siteId))
							.exchange()
							.expectStatus()
							.isOk();
					}
					for (String order : List.of("desc", "asc")) {
						this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
							.get()
							.uri((uri) -> uri.path("/sensors/{id}/readings")
								.queryParam("from", now.minus(Duration.ofHours(1)))
								.queryParam("to", now)
								.queryParam("order", order)
								.build(sensorId))
							.exchange()
							.expectStatus()
							.isOk();
					}
					this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
						.get()
						.uri("/sensors/{id}/readings/latest", sensorId)
						.exchange()
						.expectStatus()
						.isOk();
					this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
						.get()
						.uri((uri) -> uri.path("/sensors/{id}/rollups/hourly")
							.queryParam("from", now.minus(Duration.ofHours(2)))
							.queryParam("to", now)
							.build(sensorId))
						.exchange()
						.expectStatus()
						.isOk();
				});
	}

	/**
	 * Reading a sensor is one statement on one partition of {@code sensors_by_id}, at
	 * {@code LOCAL_QUORUM}, attributed to its route.
	 */
	@Test
	void readingASensorReadsOnePartition() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		List<RecordedRequest> requests = this.recorder
			.record(() -> this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
				.get()
				.uri("/sensors/{id}", sensorId)
				.exchange()
				.expectStatus()
				.isOk())
			.requests("GET /sensors/{sensorId}");
		assertThat(requests).singleElement().satisfies((request) -> {
			assertThat(request.partitionsRead()).singleElement()
				.isEqualTo(new RecordedStatement.Partition("iot_sensors.sensors_by_id", List.of(sensorId)));
			assertThat(request.statements()).singleElement().satisfies((statement) -> {
				assertThat(statement.consistency()).isEqualTo("LOCAL_QUORUM");
				assertThat(statement.prepared()).isTrue();
				assertThat(statement.lightweightTransaction()).isFalse();
			});
		});
	}

	/**
	 * Ingesting readings of two hours is no lightweight transaction: the registry read,
	 * the change's intent (one partition of {@code write_intents}, at the copies' level,
	 * so that a change cut short is found and finished), one single-partition batch per
	 * hour partition of {@code sensor_data}, then the derived tables, the rollup of each
	 * hour (after the read of its aggregates) and the latest reading.
	 */
	@Test
	void ingestingWritesEachHourPartitionInItsOwnBatchThenTheDerivedTables() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		Instant hour = this.clock.instant().minus(Duration.ofHours(3)).truncatedTo(ChronoUnit.HOURS);
		List<NewReading> readings = List.of(reading(hour.plusSeconds(10)), reading(hour.plusSeconds(20)),
				reading(hour.plusSeconds(3610)));
		// The two hours' rollups are in one day partition, or two across a midnight.
		long days = readings.stream().map((r) -> LocalDate.ofInstant(r.time(), ZoneOffset.UTC)).distinct().count();
		List<RecordedRequest> requests = this.recorder
			.record(() -> IotSensorsFixtures.ingest(this.client, this.callers, sensorId, readings))
			.requests("POST /sensors/{sensorId}/readings");
		assertThat(requests).singleElement().satisfies((request) -> {
			assertThat(request.statements()).noneMatch(RecordedStatement::lightweightTransaction)
				.allMatch(RecordedStatement::prepared)
				.allSatisfy((statement) -> assertThat(statement.consistency()).isEqualTo("LOCAL_QUORUM"));
			List<RecordedStatement> batches = request.statements().stream().filter(RecordedStatement::batch).toList();
			assertThat(batches).hasSize(2)
				.allSatisfy((batch) -> assertThat(batch.partitions()).singleElement()
					.extracting(RecordedStatement.Partition::table)
					.isEqualTo("iot_sensors.sensor_data"));
			assertThat(request.partitionsWritten()).extracting(RecordedStatement.Partition::table)
				.containsOnly("iot_sensors.write_intents", "iot_sensors.sensor_data",
						"iot_sensors.hourly_rollups_by_sensor", "iot_sensors.latest_reading_by_sensor")
				.hasSize(1 + 2 + (int) days + 1);
		});
	}

}
