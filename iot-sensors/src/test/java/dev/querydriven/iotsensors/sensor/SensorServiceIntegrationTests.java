package dev.querydriven.iotsensors.sensor;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.iotsensors.IotSensorsFixtures;
import dev.querydriven.iotsensors.IotSensorsIntegrationTest;
import dev.querydriven.iotsensors.IotSensorsTables;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.testsupport.Bursts;
import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The registry on the real node: both copies written with one timestamp, idempotent
 * re-registration, and a site's sensors paged in id order.
 */
@IotSensorsIntegrationTest
class SensorServiceIntegrationTests {

	@Autowired
	private SensorService sensors;

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private CqlSession session;

	/**
	 * A burst of reads at once, more than the session's connections carry, is queued by
	 * the driver's throttler and served, none refused.
	 */
	@Test
	@ServesQuery("Q1")
	void aBurstBeyondTheConnectionsIsQueuedNotRefused() {
		UUID sensorId = UUID.randomUUID();
		this.sensors.register(new NewSensor(sensorId, UUID.randomUUID(), "read-by-a-crowd", 30)).block();
		assertThat(Bursts.beyondTheConnections(() -> this.sensors.require(sensorId)))
			.hasSize(Bursts.BEYOND_THE_CONNECTIONS)
			.allSatisfy((found) -> assertThat(found.sensorId()).isEqualTo(sensorId));
	}

	/**
	 * A registration writes sensors_by_id and sensors_by_site with the same values and
	 * one write timestamp.
	 */
	@Test
	@ServesQuery("Q1")
	void registrationWritesBothCopiesWithOneTimestamp() {
		UUID sensorId = UUID.randomUUID();
		UUID siteId = UUID.randomUUID();
		this.sensors.register(new NewSensor(sensorId, siteId, "cold-chain", 30))
			.as(StepVerifier::create)
			.assertNext((registration) -> {
				assertThat(registration.created()).isTrue();
				assertThat(registration.sensor().siteId()).isEqualTo(siteId);
			})
			.verifyComplete();

		new IotSensorsTables(this.session).assertRegistrationCopiesAgree(sensorId);

		this.sensors.require(sensorId)
			.as(StepVerifier::create)
			.assertNext((sensor) -> assertThat(sensor.type()).isEqualTo("cold-chain"))
			.verifyComplete();
	}

	/**
	 * Registering the same sensor again is answered with the existing registration and
	 * rewrites nothing; other attributes are a conflict.
	 */
	@Test
	@ServesQuery("Q1")
	void reRegistrationIsIdempotentAndChangesAreConflicts() {
		UUID sensorId = UUID.randomUUID();
		UUID siteId = UUID.randomUUID();
		SensorRegistration first = this.sensors.register(new NewSensor(sensorId, siteId, "humidity", 60)).block();
		this.sensors.register(new NewSensor(sensorId, siteId, "humidity", 60))
			.as(StepVerifier::create)
			.assertNext((again) -> {
				assertThat(again.created()).isFalse();
				assertThat(again.sensor()).isEqualTo(first.sensor());
			})
			.verifyComplete();
		UUID otherSite = UUID.randomUUID();
		this.sensors.register(new NewSensor(sensorId, otherSite, "humidity", 60))
			.as(StepVerifier::create)
			.expectError(ConflictException.class)
			.verify();
		assertThat(this.session.execute("SELECT * FROM sensors_by_site WHERE site_id = ?", otherSite).all()).isEmpty();

		this.client.mutateWith(IotSensorsFixtures.operator(this.callers))
			.post()
			.uri("/sensors")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"sensorId\":\"" + sensorId + "\",\"siteId\":\"" + siteId
					+ "\",\"type\":\"humidity\",\"samplingIntervalSeconds\":60}")
			.exchange()
			.expectStatus()
			.isOk();
		this.client.mutateWith(IotSensorsFixtures.operator(this.callers))
			.post()
			.uri("/sensors")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"sensorId\":\"" + sensorId + "\",\"siteId\":\"" + otherSite
					+ "\",\"type\":\"humidity\",\"samplingIntervalSeconds\":60}")
			.exchange()
			.expectStatus()
			.isEqualTo(409)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

	/** A site's sensors come back in id order, each exactly once, across pages of two. */
	@Test
	@ServesQuery("Q2")
	void sensorsOfASiteArePagedInIdOrder() {
		UUID siteId = UUID.randomUUID();
		List<UUID> registered = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			registered.add(IotSensorsFixtures.registerSensor(this.client, this.callers, siteId));
		}
		List<UUID> listed = new ArrayList<>();
		String cursor = null;
		int pages = 0;
		do {
			SensorsPage page = page(siteId, cursor);
			page.items().forEach((sensor) -> listed.add(sensor.sensorId()));
			cursor = page.next();
			pages++;
		}
		while (cursor != null);

		assertThat(pages).isEqualTo(3);
		assertThat(listed).containsExactlyInAnyOrderElementsOf(registered).doesNotHaveDuplicates();
		// Cassandra orders uuid clustering keys by version, then (for random ones) by
		// their bytes: the order of the page is the order of the table.
		List<UUID> tableOrder = this.session.execute("SELECT sensor_id FROM sensors_by_site WHERE site_id = ?", siteId)
			.all()
			.stream()
			.map((row) -> row.getUuid("sensor_id"))
			.toList();
		assertThat(listed).isEqualTo(tableOrder);
		assertThat(page(UUID.randomUUID(), null).items()).isEmpty();
	}

	/** An unknown sensor is a 404 problem. */
	@Test
	void unknownSensorIsNotFound() {
		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri("/sensors/{id}", UUID.randomUUID())
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

	private SensorsPage page(UUID siteId, String cursor) {
		return this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri((uri) -> uri.path("/sites/{id}/sensors")
				.queryParam("limit", 2)
				.queryParamIfPresent("cursor", Optional.ofNullable(cursor))
				.build(siteId))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(new ParameterizedTypeReference<SensorsPage>() {
			})
			.returnResult()
			.getResponseBody();
	}

	record SensorsPage(List<SensorResponse> items, String next) {

	}

}
