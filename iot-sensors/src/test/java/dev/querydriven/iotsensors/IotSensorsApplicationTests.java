package dev.querydriven.iotsensors;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.querydriven.iotsensors.ingestion.NewReading;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole service over real HTTP on a random port, against the real node: the README's
 * walk-through, from registering a sensor (as the provisioning tool) and sending its
 * readings (as the sensor) to reading them back (as a signed-in user) and the ingestion
 * metric (as an admin, on the management port).
 */
@IotSensorsIntegrationTest
class IotSensorsApplicationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private MutableClock clock;

	@LocalManagementPort
	private int managementPort;

	/**
	 * Register, ingest a batch, read it back in every form, and see the ingestion
	 * counted.
	 */
	@Test
	@ServesQuery({ "Q1", "Q2", "Q3", "Q4", "Q6", "Q7" })
	void sensorReadingsFlowFromIngestionToEveryReadModel() {
		UUID siteId = UUID.randomUUID();
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers, siteId);
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.SECONDS);
		List<NewReading> batch = new ArrayList<>();
		for (int i = 1; i <= 120; i++) {
			batch.add(IotSensorsFixtures.reading(now.minusSeconds(30L * i)));
		}
		IotSensorsFixtures.ingest(this.client, this.callers, sensorId, batch);

		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri("/sensors/{id}", sensorId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.siteId")
			.isEqualTo(siteId.toString());
		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri("/sites/{id}/sensors", siteId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].sensorId")
			.isEqualTo(sensorId.toString());
		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri((uri) -> uri.path("/sensors/{id}/readings")
				.queryParam("from", now.minus(Duration.ofHours(1)))
				.queryParam("to", now)
				.queryParam("limit", 100)
				.build(sensorId))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items.length()")
			.isEqualTo(100)
			.jsonPath("$.items[0].time")
			.isEqualTo(now.minusSeconds(30).toString())
			.jsonPath("$.next")
			.isNotEmpty();
		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri((uri) -> uri.path("/sensors/{id}/readings")
				.queryParam("from", now.minus(Duration.ofHours(1)))
				.queryParam("to", now)
				.queryParam("order", "asc")
				.queryParam("limit", 1)
				.build(sensorId))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].time")
			.isEqualTo(now.minusSeconds(3600).toString());
		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri("/sensors/{id}/readings/latest", sensorId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.time")
			.isEqualTo(now.minusSeconds(30).toString());
		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri((uri) -> uri.path("/sensors/{id}/rollups/hourly")
				.queryParam("from", now.minus(Duration.ofHours(2)).truncatedTo(ChronoUnit.HOURS))
				.queryParam("to", now)
				.build(sensorId))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.hours[*].readingCount")
			.value((List<Integer> counts) -> assertThat(counts.stream().mapToInt(Integer::intValue).sum())
				.isEqualTo(120));
		WebTestClient.bindToServer()
			.baseUrl("http://localhost:" + this.managementPort)
			.build()
			.mutateWith(this.callers.as(UUID.randomUUID(), Caller.ADMIN))
			.get()
			.uri("/actuator/metrics/querydriven.iotsensors.readings.ingested")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.measurements[0].value")
			.value((Double count) -> assertThat(count).isGreaterThanOrEqualTo(120));
	}

	/**
	 * The advisor, the OpenAPI document and the Swagger UI are served; errors are problem
	 * details.
	 */
	@Test
	void adviceOpenApiAndProblemsAreServed() {
		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri("/buckets/advice")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.granularity")
			.isEqualTo("HOUR");
		this.client.get()
			.uri("/v3/api-docs")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.paths['/sensors/{sensorId}/readings'].post")
			.exists()
			.jsonPath("$.paths['/sensors/{sensorId}/rollups/hourly'].get")
			.exists();
		this.client.get()
			.uri("/swagger-ui.html")
			.exchange()
			.expectStatus()
			.value((status) -> assertThat(
					HttpStatus.valueOf(status).is2xxSuccessful() || HttpStatus.valueOf(status).is3xxRedirection())
				.isTrue());
		UUID sensorId = UUID.randomUUID();
		this.client.mutateWith(IotSensorsFixtures.device(this.callers, sensorId))
			.post()
			.uri("/sensors/{id}/readings", sensorId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"time\": 12")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

}
