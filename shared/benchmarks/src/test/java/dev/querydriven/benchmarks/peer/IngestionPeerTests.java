package dev.querydriven.benchmarks.peer;

import java.time.Instant;
import java.util.List;

import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.security.oauth2.jwt.Jwt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What the ingestion peer computes before it writes: the body read and judged as the
 * service judges it, the hour keys, TTLs and write timestamps, and who may write.
 */
class IngestionPeerTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Instant NOW = Instant.parse("2026-05-03T14:30:00Z");

	/** One reading object or an array; readings of one instant collapse to the last. */
	@Test
	void readingsAreReadAndCollapsedByInstant() {
		IngestionPeer.Readings single = IngestionPeer.validate(IngestionPeer.parse(json(
				"{\"time\":\"2026-05-03T14:00:01.250Z\",\"temperature\":21.5,\"humidity\":40,\"batteryLevel\":97}")),
				true, NOW);
		assertThat(single.readings())
			.containsExactly(new IngestionPeer.Reading(Instant.parse("2026-05-03T14:00:01.250Z"), 21.5, 40, 97));
		IngestionPeer.Readings batch = IngestionPeer.validate(IngestionPeer.parse(json(
				"[" + "{\"time\":\"2026-05-03T14:00:02.000900Z\",\"temperature\":1,\"humidity\":2,\"batteryLevel\":3},"
						+ "{\"time\":\"2026-05-03T13:59:59Z\",\"temperature\":4,\"humidity\":5,\"batteryLevel\":6},"
						+ "{\"time\":\"2026-05-03T14:00:02Z\",\"temperature\":7,\"humidity\":8,\"batteryLevel\":9}]")),
				false, NOW);
		assertThat(batch.received()).isEqualTo(3);
		assertThat(batch.validatedAt()).isEqualTo(NOW);
		assertThat(batch.readings()).containsExactly(
				new IngestionPeer.Reading(Instant.parse("2026-05-03T13:59:59Z"), 4, 5, 6),
				new IngestionPeer.Reading(Instant.parse("2026-05-03T14:00:02Z"), 7, 8, 9));
	}

	/** A bad field is named as the client wrote it, in the service's words. */
	@Test
	void aBadReadingIsRefusedNamingTheField() {
		assertRefused("{\"time\":\"2026-05-03T14:00:00Z\",\"temperature\":1,\"humidity\":2,\"batteryLevel\":3.5}",
				"batteryLevel", "must be a whole number");
		assertRefused(
				"[{\"time\":\"2026-05-03T14:00:00Z\",\"temperature\":1,\"humidity\":2,\"batteryLevel\":3},"
						+ "{\"time\":\"2026-05-03T14:00:00Z\",\"temperature\":1,\"humidity\":2}]",
				"readings[1].batteryLevel", "is required");
		assertRefused(
				"{\"time\":\"2026-05-03T14:00:00Z\",\"temperature\":1,\"humidity\":2,\"batteryLevel\":3,"
						+ "\"pressure\":1}",
				"pressure", "is not a field of a reading (known: batteryLevel, humidity, temperature, time)");
		assertRefused("[]", "readings", "must hold at least one reading");
		assertRefused("[{\"time\":\"2026-05-03T14:00:00Z\",\"temperature\":126,\"humidity\":2,\"batteryLevel\":3}]",
				"readings[0].temperature", "must be between -80 and 125, not 126");
		assertRefused("{\"time\":\"2026-05-03T14:33:00Z\",\"temperature\":1,\"humidity\":2,\"batteryLevel\":3}", "time",
				"2026-05-03T14:33:00Z is in the future, beyond the clock-skew allowance of 120 s "
						+ "(server time 2026-05-03T14:30:00Z)");
		assertRefused("{\"time\":\"2026-05-02T14:00:00Z\",\"temperature\":1,\"humidity\":2,\"batteryLevel\":3}", "time",
				"2026-05-02T14:00:00Z arrives later than the late-reading allowance of 24 hours "
						+ "(server time 2026-05-03T14:30:00Z)");
	}

	/** The intent's hours are the hour buckets' keys. */
	@Test
	void theHourIsTheBucketsKey() {
		for (String instant : List.of("2026-05-03T14:00:00Z", "2026-12-31T23:00:00Z", "0999-01-01T05:00:00Z")) {
			Instant hour = Instant.parse(instant);
			assertThat(IngestionPeer.hourKey(hour)).isEqualTo(Bucket.of(BucketGranularity.HOUR, hour).key());
		}
	}

	/** A row keeps what is left of its 30 days, counted from the reading's own time. */
	@Test
	void aRowsTtlCountsFromItsOwnTime() {
		assertThat(IngestionPeer.ttlSeconds(NOW, NOW)).isEqualTo(30 * 86_400);
		assertThat(IngestionPeer.ttlSeconds(NOW.minusSeconds(3_600), NOW)).isEqualTo(30 * 86_400 - 3_600);
	}

	/** The latest reading's timestamp is the service's (computed by its row). */
	@Test
	void theLatestReadingsTimestampIsTheServices() {
		assertThat(IngestionPeer
			.latestTimestamp(new IngestionPeer.Reading(Instant.parse("2026-05-03T14:00:01.250Z"), 21.5, 40.0, 97)))
			.isEqualTo(1777816801250616L);
	}

	/** A scope is read from {@code scope} (text) or else {@code scp} (a list). */
	@Test
	void aScopeIsReadAsSpringSecurityReadsIt() {
		assertThat(IngestionPeer.grants(jwt("scope", "openid readings:write"), "readings:write")).isTrue();
		assertThat(IngestionPeer.grants(jwt("scp", List.of("readings:write")), "readings:write")).isTrue();
		assertThat(IngestionPeer.grants(jwt("scope", "readings:read"), "readings:write")).isFalse();
		assertThat(IngestionPeer.grants(jwt("roles", "staff"), "readings:write")).isFalse();
	}

	/** The 202's body is the service's. */
	@Test
	void theAnswerIsTheServicesJson() {
		assertThat(JSON.writeValueAsString(new IngestionPeer.Accepted(100, 2)))
			.isEqualTo("{\"accepted\":100,\"partitions\":2}");
	}

	private static JsonNode json(String text) {
		return JSON.readTree(text);
	}

	private static Jwt jwt(String claim, Object value) {
		return Jwt.withTokenValue("token").header("alg", "RS256").subject("sensor").claim(claim, value).build();
	}

	private static void assertRefused(String body, String field, String message) {
		JsonNode json = json(body);
		assertThatExceptionOfType(Parameters.Invalid.class)
			.isThrownBy(() -> IngestionPeer.validate(IngestionPeer.parse(json), json.isObject(), NOW))
			.withMessage(message)
			.satisfies((ex) -> assertThat(ex).extracting("name").isEqualTo(field));
	}

}
