package dev.querydriven.iotsensors.ingestion;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.iotsensors.IotSensorsFixtures;
import dev.querydriven.iotsensors.IotSensorsIntegrationTest;
import dev.querydriven.iotsensors.reading.ReadingProperties;
import dev.querydriven.iotsensors.rollup.RollupProperties;
import dev.querydriven.iotsensors.IotSensorsTables;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.testsupport.Callers;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.iotsensors.IotSensorsFixtures.ingest;
import static dev.querydriven.iotsensors.IotSensorsFixtures.reading;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Ingestion on the real node: every table written, partition by partition, with TTLs
 * counted from the readings' own times, rollups that match the raw data whatever arrives
 * twice or late, and nothing written for a rejected request.
 */
@IotSensorsIntegrationTest
class IngestionServiceIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private CqlSession session;

	@Autowired
	private MutableClock clock;

	@Autowired
	private MeterRegistry meters;

	@Autowired
	private TimeSource time;

	@Autowired
	private ReadingProperties readings;

	@Autowired
	private RollupProperties rollups;

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
	 * One reading lands in its hour partition, in the latest-reading row and in its
	 * hour's rollup.
	 */
	@Test
	@ServesQuery({ "Q3", "Q5", "Q6", "Q7" })
	void singleReadingReachesEveryTable() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		NewReading sent = reading(this.clock.instant().minusSeconds(300).truncatedTo(ChronoUnit.MILLIS));
		long before = this.time.nowMicros();
		this.client.mutateWith(IotSensorsFixtures.device(this.callers, sensorId))
			.post()
			.uri("/sensors/{id}/readings", sensorId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(IotSensorsFixtures.json(sent))
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.ACCEPTED)
			.expectBody()
			.jsonPath("$.accepted")
			.isEqualTo(1)
			.jsonPath("$.partitions")
			.isEqualTo(1);

		List<NewReading> raw = rawReadings(sensorId, hourOf(sent.time()));
		assertThat(raw).containsExactly(sent);
		IotSensorsTables tables = new IotSensorsTables(this.session);
		tables.assertLatestReading(sensorId, sent);
		assertThat(tables.rollupWriteTime(sensorId, hourOf(sent.time()))).isGreaterThan(before);
		Row rollup = rollupRow(sensorId, hourOf(sent.time()));
		assertThat(rollup.getInt("reading_count")).isEqualTo(1);
		assertThat(rollup.getDouble("temperature_min")).isEqualTo(sent.temperature());
		assertThat(rollup.getDouble("temperature_max")).isEqualTo(sent.temperature());
		assertThat(rollup.getDouble("humidity_avg")).isEqualTo(sent.humidity());
		assertThat(rollup.getDouble("battery_level_avg")).isEqualTo(sent.batteryLevel());
	}

	/**
	 * A batch of 1,000 readings over 17 hours is grouped per hour partition: every
	 * partition holds its readings, every touched hour has its rollup, and the ingestion
	 * counter grows by 1,000.
	 */
	@Test
	@ServesQuery({ "Q3", "Q6" })
	void batchIsWrittenPartitionByPartition() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		Instant now = this.clock.instant().minus(Duration.ofDays(3)).truncatedTo(ChronoUnit.HOURS);
		this.clock.setInstant(now);
		List<NewReading> batch = new ArrayList<>();
		for (int i = 1; i <= 1000; i++) {
			batch.add(reading(now.minusSeconds(60L * i)));
		}
		Map<Bucket, Long> perHour = batch.stream()
			.collect(Collectors.groupingBy((r) -> hourOf(r.time()), Collectors.counting()));
		double before = ingestedCount();

		this.client.mutateWith(IotSensorsFixtures.device(this.callers, sensorId))
			.post()
			.uri("/sensors/{id}/readings", sensorId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(IotSensorsFixtures.json(batch))
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.ACCEPTED)
			.expectBody()
			.jsonPath("$.accepted")
			.isEqualTo(1000)
			.jsonPath("$.partitions")
			.isEqualTo(perHour.size());

		assertThat(perHour).hasSize(17);
		perHour.forEach((hour, count) -> {
			assertThat(rawReadings(sensorId, hour)).hasSize(count.intValue());
			assertThat(rollupRow(sensorId, hour).getInt("reading_count")).isEqualTo(count.intValue());
		});
		assertThat(ingestedCount() - before).isEqualTo(1000);
	}

	/**
	 * A thousand readings of one hour go to one partition in single-partition batches
	 * small enough for the 5 KiB batch warning (a warning would fail this test).
	 */
	@Test
	void thousandReadingsOfOneHourStayUnderTheBatchSizeWarning() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		Instant hourStart = this.clock.instant().minus(Duration.ofHours(3)).truncatedTo(ChronoUnit.HOURS);
		List<NewReading> batch = new ArrayList<>();
		for (int i = 0; i < 1000; i++) {
			batch.add(reading(hourStart.plusMillis(3_600L * i)));
		}
		ingest(this.client, this.callers, sensorId, batch);
		assertThat(rawReadings(sensorId, hourOf(hourStart))).hasSize(1000);
	}

	/**
	 * A row's TTL is the retention minus the reading's age, so a reading that arrives 20
	 * hours late expires 20 hours sooner than a fresh one; a rollup's TTL counts from its
	 * hour.
	 */
	@Test
	void timeToLiveCountsFromTheReadingsOwnTime() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		Instant now = this.clock.instant();
		NewReading late = reading(now.minus(Duration.ofHours(20)).truncatedTo(ChronoUnit.MILLIS));
		NewReading fresh = reading(now.minusSeconds(60).truncatedTo(ChronoUnit.MILLIS));
		ingest(this.client, this.callers, sensorId, List.of(late, fresh));

		long retention = this.readings.retention().toSeconds();
		assertThat(ttlOf(sensorId, late.time())).isCloseTo(retention - Duration.ofHours(20).toSeconds(), within(120L));
		assertThat(ttlOf(sensorId, fresh.time())).isCloseTo(retention - 60, within(120L));
		Bucket lateHour = hourOf(late.time());
		Row rollup = this.session
			.execute("SELECT TTL(reading_count) AS ttl FROM hourly_rollups_by_sensor WHERE sensor_id = ? "
					+ "AND date = ? AND hour_start = ?", sensorId, lateHour.date(), lateHour.start())
			.one();
		long rollupRetention = this.rollups.retention().toSeconds();
		assertThat((long) rollup.getInt("ttl"))
			.isCloseTo(rollupRetention - Duration.between(lateHour.start(), now).toSeconds(), within(120L));
	}

	/**
	 * Sending the same batch twice changes nothing: same rows, same rollup, same latest
	 * reading.
	 */
	@Test
	@ServesQuery({ "Q5", "Q7" })
	void duplicateReadingsAreIdempotentUpserts() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		Instant hourStart = this.clock.instant().minus(Duration.ofHours(2)).truncatedTo(ChronoUnit.HOURS);
		List<NewReading> batch = List.of(reading(hourStart.plusSeconds(10)), reading(hourStart.plusSeconds(20)),
				reading(hourStart.plusSeconds(30)));
		ingest(this.client, this.callers, sensorId, batch);
		List<NewReading> rawOnce = rawReadings(sensorId, hourOf(hourStart));
		Map<String, Object> rollupOnce = rollupValues(sensorId, hourOf(hourStart));

		ingest(this.client, this.callers, sensorId, batch);

		assertThat(rawReadings(sensorId, hourOf(hourStart))).isEqualTo(rawOnce).hasSize(3);
		assertThat(rollupValues(sensorId, hourOf(hourStart))).isEqualTo(rollupOnce).containsEntry("reading_count", 3);
		assertThat(latestRow(sensorId).getInstant("reading_time")).isEqualTo(hourStart.plusSeconds(30));
	}

	/**
	 * After a corrected re-send of one reading and a late reading into an earlier hour,
	 * every rollup still equals the aggregates of its hour's raw rows, and of the
	 * readings that should be there.
	 */
	@Test
	@ServesQuery({ "Q5", "Q6" })
	void rollupsEqualTheAggregatesOfTheRawReadingsAfterDuplicatesAndLateReadings() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		Instant now = this.clock.instant().minus(Duration.ofDays(2)).truncatedTo(ChronoUnit.HOURS);
		this.clock.setInstant(now);
		Map<Instant, NewReading> expected = new LinkedHashMap<>();
		List<NewReading> first = new ArrayList<>();
		for (int i = 1; i <= 30; i++) {
			first.add(reading(now.minusSeconds(240L * i)));
		}
		first.forEach((r) -> expected.put(r.time(), r));
		ingest(this.client, this.callers, sensorId, first);

		NewReading corrected = new NewReading(first.get(4).time(), -12.5, 99.5, 3);
		NewReading late = reading(now.minus(Duration.ofMinutes(119)).minusSeconds(7));
		this.clock.setInstant(now.plus(Duration.ofHours(20)));
		ingest(this.client, this.callers, sensorId, List.of(corrected, late));
		expected.put(corrected.time(), corrected);
		expected.put(late.time(), late);

		Set<Bucket> hours = new TreeSet<>();
		expected.keySet().forEach((time) -> hours.add(hourOf(time)));
		assertThat(hours).hasSize(2);
		for (Bucket hour : hours) {
			List<NewReading> wanted = expected.values().stream().filter((r) -> hour.contains(r.time())).toList();
			List<NewReading> raw = rawReadings(sensorId, hour);
			assertThat(raw).containsExactlyInAnyOrderElementsOf(wanted);
			assertRollupEquals(rollupRow(sensorId, hour), raw);
		}
	}

	/**
	 * The latest-reading row keeps the newest reading whatever the arrival order: a late,
	 * older reading loses to the newer one already there, because its write timestamp is
	 * its own time.
	 */
	@Test
	@ServesQuery("Q7")
	void lateOlderReadingNeverReplacesTheLatestReading() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		NewReading newer = reading(now.minusSeconds(60));
		NewReading older = reading(now.minusSeconds(3600));
		NewReading newest = reading(now.minusSeconds(5));

		ingest(this.client, this.callers, sensorId, List.of(newer));
		ingest(this.client, this.callers, sensorId, List.of(older));
		Row latest = latestRow(sensorId);
		assertThat(latest.getInstant("reading_time")).isEqualTo(newer.time());
		assertThat(latest.getDouble("temperature")).isEqualTo(newer.temperature());
		// The write timestamp is the reading's time in microseconds (plus a value hash in
		// the sub-millisecond digits), not the moment of the write.
		assertThat(latest.getLong("written")).isBetween(newer.time().toEpochMilli() * 1000,
				newer.time().toEpochMilli() * 1000 + 999);
		assertThat(rawReadings(sensorId, hourOf(older.time()))).contains(older);

		ingest(this.client, this.callers, sensorId, List.of(newest));
		assertThat(latestRow(sensorId).getInstant("reading_time")).isEqualTo(newest.time());
		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri("/sensors/{id}/readings/latest", sensorId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.time")
			.isEqualTo(newest.time().toString())
			.jsonPath("$.batteryLevel")
			.isEqualTo(newest.batteryLevel());
	}

	/**
	 * One bad reading rejects the whole batch with its index named, and nothing is
	 * written: no raw row, no latest reading, no rollup.
	 */
	@Test
	void rejectedBatchWritesNothing() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		Instant hourStart = this.clock.instant().minus(Duration.ofHours(2)).truncatedTo(ChronoUnit.HOURS);
		List<NewReading> batch = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			batch.add(reading(hourStart.plusSeconds(600L * i)));
		}
		batch.set(3, new NewReading(batch.get(3).time(), 500, 50, 50));

		this.client.mutateWith(IotSensorsFixtures.device(this.callers, sensorId))
			.post()
			.uri("/sensors/{id}/readings", sensorId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(IotSensorsFixtures.json(batch))
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("readings[3].temperature");

		assertNothingWritten(sensorId, hourOf(hourStart));
	}

	/**
	 * Readings too far in the future, later than the allowance or older than the
	 * retention are rejected with a 400 naming the time, and nothing is written.
	 */
	@Test
	void readingsOutsideTheAcceptedTimeWindowAreRejected() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		Map<Instant, String> rejected = Map.of(now.plus(Duration.ofMinutes(5)), "clock-skew allowance",
				now.minus(Duration.ofHours(25)), "late-reading allowance", now.minus(Duration.ofDays(31)), "retention");
		rejected.forEach((time, reason) -> {
			this.client.mutateWith(IotSensorsFixtures.device(this.callers, sensorId))
				.post()
				.uri("/sensors/{id}/readings", sensorId)
				.contentType(MediaType.APPLICATION_JSON)
				.bodyValue(IotSensorsFixtures.json(reading(time)))
				.exchange()
				.expectStatus()
				.isBadRequest()
				.expectBody()
				.jsonPath("$.errors[0].field")
				.isEqualTo("time")
				.jsonPath("$.errors[0].message")
				.value((String message) -> assertThat(message).contains(reason));
			assertNothingWritten(sensorId, hourOf(time));
		});
	}

	/**
	 * Readings for a sensor that was never registered are refused with a 404; nothing is
	 * written.
	 */
	@Test
	void readingsOfAnUnknownSensorAreRejected() {
		UUID sensorId = UUID.randomUUID();
		NewReading sent = reading(this.clock.instant().minusSeconds(30).truncatedTo(ChronoUnit.MILLIS));
		this.client.mutateWith(IotSensorsFixtures.device(this.callers, sensorId))
			.post()
			.uri("/sensors/{id}/readings", sensorId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(IotSensorsFixtures.json(sent))
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		assertNothingWritten(sensorId, hourOf(sent.time()));
	}

	private void assertNothingWritten(UUID sensorId, Bucket hour) {
		assertThat(rawReadings(sensorId, hour)).isEmpty();
		assertThat(this.session.execute("SELECT * FROM latest_reading_by_sensor WHERE sensor_id = ?", sensorId).one())
			.isNull();
		assertThat(this.session
			.execute("SELECT * FROM hourly_rollups_by_sensor WHERE sensor_id = ? AND date = ?", sensorId, hour.date())
			.all()).isEmpty();
	}

	private static void assertRollupEquals(Row rollup, List<NewReading> raw) {
		assertThat(rollup.getInt("reading_count")).isEqualTo(raw.size());
		assertThat(rollup.getDouble("temperature_min"))
			.isEqualTo(raw.stream().mapToDouble(NewReading::temperature).min().orElseThrow());
		assertThat(rollup.getDouble("temperature_max"))
			.isEqualTo(raw.stream().mapToDouble(NewReading::temperature).max().orElseThrow());
		assertThat(rollup.getDouble("temperature_avg"))
			.isCloseTo(raw.stream().mapToDouble(NewReading::temperature).average().orElseThrow(), within(1e-9));
		assertThat(rollup.getDouble("humidity_min"))
			.isEqualTo(raw.stream().mapToDouble(NewReading::humidity).min().orElseThrow());
		assertThat(rollup.getDouble("humidity_max"))
			.isEqualTo(raw.stream().mapToDouble(NewReading::humidity).max().orElseThrow());
		assertThat(rollup.getDouble("humidity_avg"))
			.isCloseTo(raw.stream().mapToDouble(NewReading::humidity).average().orElseThrow(), within(1e-9));
		assertThat(rollup.getInt("battery_level_min"))
			.isEqualTo(raw.stream().mapToInt(NewReading::batteryLevel).min().orElseThrow());
		assertThat(rollup.getInt("battery_level_max"))
			.isEqualTo(raw.stream().mapToInt(NewReading::batteryLevel).max().orElseThrow());
		assertThat(rollup.getDouble("battery_level_avg"))
			.isCloseTo(raw.stream().mapToInt(NewReading::batteryLevel).average().orElseThrow(), within(1e-9));
		assertThat(rollup.getInstant("first_reading_time"))
			.isEqualTo(raw.stream().map(NewReading::time).min(Instant::compareTo).orElseThrow());
		assertThat(rollup.getInstant("last_reading_time"))
			.isEqualTo(raw.stream().map(NewReading::time).max(Instant::compareTo).orElseThrow());
	}

	private List<NewReading> rawReadings(UUID sensorId, Bucket hour) {
		return this.session
			.execute("SELECT reading_time, temperature, humidity, battery_level FROM sensor_data "
					+ "WHERE sensor_id = ? AND date = ? AND hour = ?", sensorId, hour.date(), hour.hour())
			.all()
			.stream()
			.map((row) -> new NewReading(row.getInstant("reading_time"), row.getDouble("temperature"),
					row.getDouble("humidity"), row.getInt("battery_level")))
			.toList();
	}

	private long ttlOf(UUID sensorId, Instant time) {
		Bucket hour = hourOf(time);
		return this.session
			.execute("SELECT TTL(temperature) AS ttl FROM sensor_data WHERE sensor_id = ? AND date = ? AND hour = ? "
					+ "AND reading_time = ?", sensorId, hour.date(), hour.hour(), time)
			.one()
			.getInt("ttl");
	}

	private Row latestRow(UUID sensorId) {
		return this.session
			.execute(
					"SELECT reading_time, temperature, WRITETIME(temperature) AS written FROM latest_reading_by_sensor "
							+ "WHERE sensor_id = ?",
					sensorId)
			.one();
	}

	private Row rollupRow(UUID sensorId, Bucket hour) {
		Row row = this.session
			.execute("SELECT * FROM hourly_rollups_by_sensor WHERE sensor_id = ? AND date = ? AND hour_start = ?",
					sensorId, hour.date(), hour.start())
			.one();
		assertThat(row).as("rollup of %s", hour).isNotNull();
		return row;
	}

	private Map<String, Object> rollupValues(UUID sensorId, Bucket hour) {
		Row row = rollupRow(sensorId, hour);
		Map<String, Object> values = new LinkedHashMap<>();
		for (int i = 0; i < row.getColumnDefinitions().size(); i++) {
			values.put(row.getColumnDefinitions().get(i).getName().asInternal(), row.getObject(i));
		}
		return values;
	}

	private double ingestedCount() {
		return this.meters.get("querydriven.iotsensors.readings.ingested").counter().count();
	}

	private static Bucket hourOf(Instant time) {
		return Bucket.of(BucketGranularity.HOUR, time);
	}

}
