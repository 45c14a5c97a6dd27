package dev.querydriven.iotsensors.reading;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import dev.querydriven.iotsensors.SliceTestConfiguration;
import dev.querydriven.iotsensors.TimeRange;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.bucket.ReadOrder;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * {@code GET /sensors/{id}/readings} and {@code .../latest}: the page shape, and a 400
 * naming the parameter for every bad range, order, limit or cursor.
 */
@WebFluxTest(ReadingController.class)
@EnableConfigurationProperties(ReadingProperties.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ ReadingMapperImpl.class, SliceTestConfiguration.class })
class ReadingControllerTests {

	private static final UUID SENSOR = UUID.fromString("6f0c5b36-33a4-4c43-9d4e-0d4c3c8f6a11");

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private ReadingService readings;

	/** A page of readings: newest first by default, with the cursor of the next page. */
	@Test
	void rangeIsReturnedAsAPage() {
		Instant time = Instant.parse("2026-10-31T23:59:59.500Z");
		given(this.readings.findRange(eq(SENSOR), any(), eq(ReadOrder.NEWEST_FIRST), eq(20), isNull()))
			.willReturn(Mono.just(new Page<>(
					List.of(new SensorDataRow(SENSOR, LocalDate.parse("2026-10-31"), 23, time, 4.5, 61.25, 88)),
					"next-cursor")));
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/sensors/{id}/readings?from=2026-10-31T22:00:00Z&to=2026-11-01T02:00:00Z", SENSOR)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].time")
			.isEqualTo("2026-10-31T23:59:59.500Z")
			.jsonPath("$.items[0].temperature")
			.isEqualTo(4.5)
			.jsonPath("$.items[0].humidity")
			.isEqualTo(61.25)
			.jsonPath("$.items[0].batteryLevel")
			.isEqualTo(88)
			.jsonPath("$.next")
			.isEqualTo("next-cursor");
		verify(this.readings).findRange(SENSOR,
				new TimeRange(Instant.parse("2026-10-31T22:00:00Z"), Instant.parse("2026-11-01T02:00:00Z")),
				ReadOrder.NEWEST_FIRST, 20, null);
	}

	/**
	 * order=asc reads oldest first; sub-millisecond bounds round up to the millisecond.
	 */
	@Test
	void ascendingOrderAndRoundedBounds() {
		given(this.readings.findRange(any(), any(), any(), anyInt(), any()))
			.willReturn(Mono.just(new Page<>(List.of(), null)));
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/sensors/{id}/readings?from=2026-10-31T22:00:00.0001Z&to=2026-10-31T23:00:00Z&order=asc&limit=100",
					SENSOR)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items")
			.isEmpty()
			.jsonPath("$.next")
			.isEmpty();
		verify(this.readings).findRange(SENSOR,
				new TimeRange(Instant.parse("2026-10-31T22:00:00.001Z"), Instant.parse("2026-10-31T23:00:00Z")),
				ReadOrder.OLDEST_FIRST, 100, null);
	}

	/**
	 * Every malformed or out-of-bounds parameter is a 400 naming it; the service is never
	 * called.
	 */
	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			from after to         | from=2026-11-01T02:00:00Z&to=2026-10-31T22:00:00Z                      | from
			empty range           | from=2026-11-01T02:00:00Z&to=2026-11-01T02:00:00Z                      | from
			beyond 24 hours       | from=2026-10-31T00:00:00Z&to=2026-11-01T00:00:00.001Z                  | to
			unparseable from      | from=yesterday&to=2026-11-01T02:00:00Z                                 | from
			missing to            | from=2026-11-01T02:00:00Z                                              | to
			year 10000            | from=+10000-01-01T00:00:00Z&to=+10000-01-01T01:00:00Z                  | from
			unknown order         | from=2026-10-31T22:00:00Z&to=2026-10-31T23:00:00Z&order=sideways       | order
			order in capitals     | from=2026-10-31T22:00:00Z&to=2026-10-31T23:00:00Z&order=DESC           | order
			padded order          | from=2026-10-31T22:00:00Z&to=2026-10-31T23:00:00Z&order=%20desc        | order
			limit zero            | from=2026-10-31T22:00:00Z&to=2026-10-31T23:00:00Z&limit=0              | limit
			limit above 100       | from=2026-10-31T22:00:00Z&to=2026-10-31T23:00:00Z&limit=101            | limit
			limit not a number    | from=2026-10-31T22:00:00Z&to=2026-10-31T23:00:00Z&limit=ten            | limit
			""")
	void badParametersAreRejected(String name, String query, String field) {
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/sensors/" + SENSOR + "/readings?" + query.replace("+", "%2B"))
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo(field);
		verifyNoInteractions(this.readings);
	}

	/** An invalid sensor id is a 400 naming it. */
	@Test
	void invalidSensorIdIsRejected() {
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/sensors/42/readings?from=2026-10-31T22:00:00Z&to=2026-10-31T23:00:00Z")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("sensorId");
	}

	/** The latest reading, and a 404 problem when there is none. */
	@Test
	@ServesQuery("Q7")
	void latestReadingOrNotFound() {
		Instant time = Instant.parse("2026-11-01T00:00:01Z");
		given(this.readings.findLatest(SENSOR))
			.willReturn(Mono.just(new LatestReadingBySensorRow(SENSOR, time, -2.0, 30.5, 12)));
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/sensors/{id}/readings/latest", SENSOR)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.sensorId")
			.isEqualTo(SENSOR.toString())
			.jsonPath("$.time")
			.isEqualTo("2026-11-01T00:00:01Z")
			.jsonPath("$.batteryLevel")
			.isEqualTo(12);
		UUID silent = UUID.randomUUID();
		given(this.readings.findLatest(silent))
			.willReturn(Mono.error(new NotFoundException("Sensor " + silent + " has sent no reading yet")));
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/sensors/{id}/readings/latest", silent)
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

}
