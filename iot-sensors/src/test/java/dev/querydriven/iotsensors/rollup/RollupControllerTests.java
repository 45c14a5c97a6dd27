package dev.querydriven.iotsensors.rollup;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import dev.querydriven.iotsensors.SliceTestConfiguration;
import dev.querydriven.iotsensors.TimeRange;
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

import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * {@code GET /sensors/{id}/rollups/hourly}: one summary per metric and hour, and 400s for
 * bad ranges.
 */
@WebFluxTest(RollupController.class)
@EnableConfigurationProperties(RollupProperties.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ RollupMapperImpl.class, SliceTestConfiguration.class })
class RollupControllerTests {

	private static final UUID SENSOR = UUID.randomUUID();

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private RollupService rollups;

	/** Each hour's flat columns come back as one min/max/avg summary per metric. */
	@Test
	void rollupsAreSummarisedPerMetric() {
		Instant from = Instant.parse("2026-10-01T00:00:00Z");
		Instant to = Instant.parse("2026-11-01T00:00:00Z");
		Instant hour = Instant.parse("2026-10-31T23:00:00Z");
		given(this.rollups.findRange(SENSOR, new TimeRange(from, to)))
			.willReturn(Mono.just(List.of(new HourlyRollupsBySensorRow(SENSOR, LocalDate.parse("2026-10-31"), hour, 60,
					-1.5, 3.25, 0.75, 40, 60, 50.5, 80, 81, 80.5, hour.plusSeconds(30), hour.plusSeconds(3570)))));
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/sensors/{id}/rollups/hourly?from={from}&to={to}", SENSOR, from, to)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.sensorId")
			.isEqualTo(SENSOR.toString())
			.jsonPath("$.hours[0].hourStart")
			.isEqualTo("2026-10-31T23:00:00Z")
			.jsonPath("$.hours[0].readingCount")
			.isEqualTo(60)
			.jsonPath("$.hours[0].temperature.min")
			.isEqualTo(-1.5)
			.jsonPath("$.hours[0].temperature.max")
			.isEqualTo(3.25)
			.jsonPath("$.hours[0].humidity.avg")
			.isEqualTo(50.5)
			.jsonPath("$.hours[0].batteryLevel.max")
			.isEqualTo(81.0)
			.jsonPath("$.hours[0].lastReadingTime")
			.isEqualTo("2026-10-31T23:59:30Z");
	}

	/**
	 * A range backwards, empty, longer than 31 days or unparseable is a 400 naming the
	 * parameter.
	 */
	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			from after to    | from=2026-11-01T00:00:00Z&to=2026-10-01T00:00:00Z | from
			beyond 31 days   | from=2026-10-01T00:00:00Z&to=2026-11-01T00:00:01Z | to
			unparseable to   | from=2026-10-01T00:00:00Z&to=soon                 | to
			missing from     | to=2026-10-01T00:00:00Z                           | from
			""")
	void badRangesAreRejected(String name, String query, String field) {
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/sensors/" + SENSOR + "/rollups/hourly?" + query)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo(field);
		verifyNoInteractions(this.rollups);
	}

}
