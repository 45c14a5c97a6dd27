package dev.querydriven.iotsensors.ingestion;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.querydriven.iotsensors.IotSensorsFixtures;
import dev.querydriven.iotsensors.SliceTestConfiguration;
import dev.querydriven.iotsensors.reading.ReadingProperties;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mockito.ArgumentCaptor;
import org.threeten.extra.MutableClock;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.reactive.server.WebTestClientConfigurer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * {@code POST /sensors/{id}/readings}, sent by the sensor itself: one reading or an
 * array, a 4xx problem naming the field for every kind of bad input, and a 403 for anyone
 * but the sensor, before anything reaches the writing side.
 */
@WebFluxTest(IngestionController.class)
@EnableConfigurationProperties({ IngestionProperties.class, ReadingProperties.class })
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ ReadingValidator.class, IngestionControllerTests.Time.class, SliceTestConfiguration.class })
class IngestionControllerTests {

	private static final UUID SENSOR = UUID.randomUUID();

	@Autowired
	private WebTestClient client;

	@Autowired
	private MutableClock clock;

	@MockitoBean
	private IngestionService ingestion;

	private Instant now;

	@BeforeEach
	void freezeClock() {
		this.now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
	}

	/** A single reading object is accepted with 202 and the count. */
	@Test
	void singleReadingIsAccepted() {
		given(this.ingestion.ingest(eq(SENSOR), any())).willReturn(Mono.just(new IngestionResult(1, 1)));
		post(reading(this.now.minusSeconds(5))).expectStatus()
			.isEqualTo(HttpStatus.ACCEPTED)
			.expectBody()
			.jsonPath("$.accepted")
			.isEqualTo(1)
			.jsonPath("$.partitions")
			.isEqualTo(1);
		ArgumentCaptor<ValidatedReadings> captor = ArgumentCaptor.forClass(ValidatedReadings.class);
		verify(this.ingestion).ingest(eq(SENSOR), captor.capture());
		assertThat(captor.getValue().readings()).hasSize(1);
	}

	/**
	 * An array is accepted whole; duplicates of one instant collapse to the last one sent
	 * and times are cut to milliseconds.
	 */
	@Test
	void batchIsValidatedWholeAndDeduplicated() {
		given(this.ingestion.ingest(eq(SENSOR), any())).willReturn(Mono.just(new IngestionResult(3, 1)));
		Instant time = this.now.minusSeconds(60);
		String body = "[" + reading(time) + "," + reading(time.plusSeconds(1)) + "," + "{\"time\":\""
				+ time.plusNanos(400_000) + "\",\"temperature\":-3.5,\"humidity\":10," + "\"batteryLevel\":7}]";
		post(body).expectStatus().isEqualTo(HttpStatus.ACCEPTED);
		ArgumentCaptor<ValidatedReadings> captor = ArgumentCaptor.forClass(ValidatedReadings.class);
		verify(this.ingestion).ingest(eq(SENSOR), captor.capture());
		assertThat(captor.getValue().received()).isEqualTo(3);
		assertThat(captor.getValue().readings()).containsExactly(new NewReading(time, -3.5, 10, 7),
				IotSensorsFixtures.reading(time.plusSeconds(1)));
	}

	/**
	 * Missing, null or wrongly typed fields are 400s naming the field; in an array, with
	 * its index.
	 */
	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					missing time         | {"temperature":20,"humidity":50,"batteryLevel":90}                       | time                  | is required
					null temperature     | {"time":"%s","temperature":null,"humidity":50,"batteryLevel":90}          | temperature           | is required
					missing humidity     | {"time":"%s","temperature":20,"batteryLevel":90}                          | humidity              | is required
					missing battery      | {"time":"%s","temperature":20,"humidity":50}                              | batteryLevel          | is required
					string NaN           | {"time":"%s","temperature":"NaN","humidity":50,"batteryLevel":90}         | temperature           | must be a number
					text number          | {"time":"%s","temperature":20,"humidity":"50","batteryLevel":90}          | humidity              | must be a number
					fractional battery   | {"time":"%s","temperature":20,"humidity":50,"batteryLevel":50.5}          | batteryLevel          | must be a whole number
					unparseable time     | {"time":"yesterday","temperature":20,"humidity":50,"batteryLevel":90}     | time                  | is not an ISO-8601 instant
					numeric time         | {"time":1700000000,"temperature":20,"humidity":50,"batteryLevel":90}      | time                  | must be an ISO-8601 instant
					infinite temperature | {"time":"%s","temperature":1e999,"humidity":50,"batteryLevel":90}         | temperature           | must be a finite number
					too hot              | {"time":"%s","temperature":125.5,"humidity":50,"batteryLevel":90}         | temperature           | must be between -80 and 125
					negative humidity    | {"time":"%s","temperature":20,"humidity":-0.1,"batteryLevel":90}          | humidity              | must be between 0 and 100
					overcharged battery  | {"time":"%s","temperature":20,"humidity":50,"batteryLevel":101}           | batteryLevel          | must be between 0 and 100
					bad element in array | [READING,{"time":"%s","temperature":20,"humidity":50}]                   | readings[1].batteryLevel | is required
					out of range in array| [READING,READING,READING,{"time":"%s","temperature":-81,"humidity":1,"batteryLevel":1}] | readings[3].temperature | must be between -80 and 125
					number in array      | [READING,42]                                                              | readings[1]           | must be a reading object
					empty array          | []                                                                        | readings              | must hold at least one reading
					scalar body          | 42                                                                        | body                  | must be a reading object or an array
					malformed JSON       | {"time":                                                                  | body                  | Malformed JSON
					NaN literal          | {"time":"%s","temperature":NaN,"humidity":50,"batteryLevel":90}           | body                  | Malformed JSON
					""")
	void badReadingsAreRejectedNamingTheField(String name, String template, String field, String message) {
		String body = template.replace("READING", reading(this.now.minusSeconds(1)))
			.replace("%s", this.now.minusSeconds(30).toString());
		post(body).expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo(field)
			.jsonPath("$.errors[0].message")
			.value((String actual) -> assertThat(actual).contains(message));
		verifyNoInteractions(this.ingestion);
	}

	/**
	 * Readings too far ahead of the server clock, too late, or older than the retention
	 * are 400s.
	 */
	@Test
	void readingsOutsideTheTimeWindowAreRejected() {
		post(reading(this.now.plusSeconds(121))).expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].message")
			.value((String message) -> assertThat(message).contains("clock-skew allowance of 120 s"));
		post(reading(this.now.minusSeconds(24 * 3600 + 1))).expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].message")
			.value((String message) -> assertThat(message).contains("late-reading allowance of 24 hours"));
		post(reading(this.now.minusSeconds(30L * 24 * 3600))).expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("time")
			.jsonPath("$.errors[0].message")
			.value((String message) -> assertThat(message).contains("older than the retention of 30 days"));
		verifyNoInteractions(this.ingestion);
	}

	/**
	 * A batch over the cap of 1,000 readings is refused before any reading is looked at.
	 */
	@Test
	void batchOverTheCapIsRejected() {
		List<String> readings = new ArrayList<>();
		for (int i = 0; i < 1001; i++) {
			readings.add(reading(this.now.minusMillis(i)));
		}
		post("[" + String.join(",", readings) + "]").expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("readings")
			.jsonPath("$.errors[0].message")
			.value((String message) -> assertThat(message).contains("more than the 1000"));
		verifyNoInteractions(this.ingestion);
	}

	/**
	 * A body beyond the 256 KB buffer (far more than 1,000 readings need) is refused with
	 * 413 before it is parsed.
	 */
	@Test
	void oversizedBodyIsRefused() {
		String padded = "{\"time\":\"" + this.now + "\",\"temperature\":1,\"humidity\":1,\"batteryLevel\":1,"
				+ "\"note\":\"" + "x".repeat(300_000) + "\"}";
		post(padded).expectStatus().isEqualTo(HttpStatus.CONTENT_TOO_LARGE);
		verifyNoInteractions(this.ingestion);
	}

	/**
	 * Another sensor's token, or a token naming the sensor without
	 * {@code readings:write}, is a 403: a sensor writes its own readings only.
	 */
	@Test
	void readingsFromAnyoneButTheSensorAreForbidden() {
		for (WebTestClientConfigurer caller : List.of(IotSensorsFixtures.mockDevice(UUID.randomUUID()),
				Callers.mockCaller(SENSOR))) {
			this.client.mutateWith(caller)
				.post()
				.uri("/sensors/{id}/readings", SENSOR)
				.contentType(MediaType.APPLICATION_JSON)
				.bodyValue(reading(this.now.minusSeconds(5)))
				.exchange()
				.expectStatus()
				.isForbidden()
				.expectHeader()
				.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		}
		verifyNoInteractions(this.ingestion);
	}

	/** An invalid sensor id in the path and a body that is not JSON are 4xx problems. */
	@Test
	void invalidPathAndMediaTypeAreClientErrors() {
		this.client.mutateWith(IotSensorsFixtures.mockDevice(SENSOR))
			.post()
			.uri("/sensors/not-a-uuid/readings")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(reading(this.now))
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("sensorId");
		this.client.mutateWith(IotSensorsFixtures.mockDevice(SENSOR))
			.post()
			.uri("/sensors/{id}/readings", SENSOR)
			.contentType(MediaType.TEXT_PLAIN)
			.bodyValue("temperature=20")
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.UNSUPPORTED_MEDIA_TYPE);
		this.client.mutateWith(IotSensorsFixtures.mockDevice(SENSOR))
			.post()
			.uri("/sensors/{id}/readings", SENSOR)
			.contentType(MediaType.APPLICATION_JSON)
			.exchange()
			.expectStatus()
			.isBadRequest();
		verifyNoInteractions(this.ingestion);
	}

	private WebTestClient.ResponseSpec post(String body) {
		return this.client.mutateWith(IotSensorsFixtures.mockDevice(SENSOR))
			.post()
			.uri("/sensors/{id}/readings", SENSOR)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(body)
			.exchange();
	}

	private static String reading(Instant time) {
		return IotSensorsFixtures.json(IotSensorsFixtures.reading(time));
	}

	/**
	 * The validator judges reading times against the application's time source: here a
	 * clock standing still at the slice's start.
	 */
	@TestConfiguration(proxyBeanMethods = false)
	static class Time {

		@Bean
		MutableClock clock() {
			return MutableClock.of(Instant.now().truncatedTo(ChronoUnit.MILLIS), ZoneOffset.UTC);
		}

		@Bean
		TimeSource timeSource(MutableClock clock) {
			return new TimeSource(clock);
		}

	}

}
