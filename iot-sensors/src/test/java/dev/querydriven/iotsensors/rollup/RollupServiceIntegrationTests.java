package dev.querydriven.iotsensors.rollup;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.querydriven.iotsensors.IotSensorsFixtures;
import dev.querydriven.iotsensors.IotSensorsIntegrationTest;
import dev.querydriven.iotsensors.ingestion.NewReading;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.iotsensors.IotSensorsFixtures.ingest;
import static dev.querydriven.iotsensors.IotSensorsFixtures.reading;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hourly rollups on the real node: read across day partitions, oldest first, and a
 * recompute that read earlier never overwrites one that read later.
 */
@IotSensorsIntegrationTest
class RollupServiceIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private MutableClock clock;

	@Autowired
	private RollupRepository repository;

	@Autowired
	private TimeSource time;

	@Autowired
	private DualWriter writer;

	@Autowired
	private RollupProperties properties;

	private Instant start;

	@BeforeEach
	void rememberTheClock() {
		this.start = this.clock.instant();
	}

	/**
	 * Tests set the clock to instants in the past (a month end, a reading's late
	 * arrival); the clock is the whole context's, so it goes back to where it stood.
	 */
	@AfterEach
	void restoreTheClock() {
		this.clock.setInstant(this.start);
	}

	/**
	 * The rollups of a range crossing midnight come from two day partitions, oldest
	 * first, one per hour holding readings (empty hours have none).
	 */
	@Test
	@ServesQuery("Q6")
	void rollupsOfARangeAcrossMidnightComeOldestFirst() {
		Instant midnight = this.clock.instant().minus(Duration.ofDays(3)).truncatedTo(ChronoUnit.DAYS);
		this.clock.setInstant(midnight.plus(Duration.ofHours(3)));
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		List<NewReading> sent = new ArrayList<>();
		for (int hour : new int[] { -3, -1, 0, 2 }) {
			Instant start = midnight.plus(Duration.ofHours(hour));
			sent.add(reading(start.plusSeconds(100)));
			sent.add(reading(start.plusSeconds(2000)));
		}
		ingest(this.client, this.callers, sensorId, sent);

		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri((uri) -> uri.path("/sensors/{id}/rollups/hourly")
				.queryParam("from", midnight.minus(Duration.ofHours(4)))
				.queryParam("to", midnight.plus(Duration.ofHours(3)))
				.build(sensorId))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.hours.length()")
			.isEqualTo(4)
			.jsonPath("$.hours[*].hourStart")
			.isEqualTo(List.of(midnight.minus(Duration.ofHours(3)).toString(),
					midnight.minus(Duration.ofHours(1)).toString(), midnight.toString(),
					midnight.plus(Duration.ofHours(2)).toString()))
			.jsonPath("$.hours[0].readingCount")
			.isEqualTo(2)
			.jsonPath("$.hours[0].temperature.max")
			.isEqualTo(Math.max(sent.get(0).temperature(), sent.get(1).temperature()))
			.jsonPath("$.hours[3].batteryLevel.min")
			.isEqualTo((double) Math.min(sent.get(6).batteryLevel(), sent.get(7).batteryLevel()));
	}

	/**
	 * A range reaching back past the rollups' retention (a year) starts at the retention
	 * horizon: the rollups of older hours, expired on a real node, are neither returned
	 * nor scanned, and a range wholly before the horizon is empty.
	 */
	@Test
	@ServesQuery("Q6")
	void rollupsNeverReachPastTheRetention() {
		Instant horizon = this.clock.instant().minus(Duration.ofDays(366)).truncatedTo(ChronoUnit.HOURS);
		// Rolled up as if it were 366 days ago: the rows live on the node (their TTL
		// counts from the write), but lie beyond the retention once the clock moves on.
		this.clock.setInstant(horizon.plus(Duration.ofHours(2)));
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		ingest(this.client, this.callers, sensorId,
				List.of(reading(horizon.minus(Duration.ofHours(1)).plusSeconds(100)), reading(horizon.plusSeconds(100)),
						reading(horizon.plus(Duration.ofHours(1)).plusSeconds(100))));

		this.clock.setInstant(horizon.plus(this.properties.retention()));
		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri((uri) -> uri.path("/sensors/{id}/rollups/hourly")
				.queryParam("from", horizon.minus(Duration.ofHours(3)))
				.queryParam("to", horizon.plus(Duration.ofHours(3)))
				.build(sensorId))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.hours[*].hourStart")
			.isEqualTo(List.of(horizon.toString(), horizon.plus(Duration.ofHours(1)).toString()));
		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri((uri) -> uri.path("/sensors/{id}/rollups/hourly")
				.queryParam("from", horizon.minus(Duration.ofHours(3)))
				.queryParam("to", horizon)
				.build(sensorId))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.hours.length()")
			.isEqualTo(0);
	}

	/**
	 * Each rollup upsert carries the moment its read started as its write timestamp: an
	 * upsert computed from an earlier read (fewer readings) that arrives last loses.
	 */
	@Test
	@ServesQuery("Q5")
	void rollupFromAnEarlierReadNeverOverwritesOneFromALaterRead() {
		Instant hourStart = this.clock.instant().minus(Duration.ofHours(2)).truncatedTo(ChronoUnit.HOURS);
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		Bucket hour = Bucket.of(BucketGranularity.HOUR, hourStart);
		ingest(this.client, this.callers, sensorId, List.of(reading(hourStart.plusSeconds(1))));
		long earlierRead = this.time.nowMicros();
		HourlyRollupsBySensorRow stale = this.repository.aggregateHour(sensorId, hour).block();
		ingest(this.client, this.callers, sensorId, List.of(reading(hourStart.plusSeconds(2))));

		this.repository.insert(stale, 3600)
			.flatMap((insert) -> this.writer
				.execute(DenormalizedWrite.builder("stale rollup").put(insert).timestamp(earlierRead).build()))
			.as(StepVerifier::create)
			.expectNext(earlierRead)
			.verifyComplete();

		this.repository
			.findInDay(sensorId,
					BucketSlice.of(Bucket.of(BucketGranularity.DAY, hourStart), hourStart, hourStart.plusSeconds(3600)),
					null, 10)
			.as(StepVerifier::create)
			.assertNext((rollup) -> assertThat(rollup.readingCount()).isEqualTo(2))
			.verifyComplete();
		assertThat(stale.readingCount()).isEqualTo(1);
	}

}
