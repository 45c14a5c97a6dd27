package dev.querydriven.iotsensors.reading;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.iotsensors.IotSensorsFixtures;
import dev.querydriven.iotsensors.IotSensorsIntegrationTest;
import dev.querydriven.iotsensors.ingestion.NewReading;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.testsupport.Callers;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.threeten.extra.MutableClock;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.iotsensors.IotSensorsFixtures.ingest;
import static dev.querydriven.iotsensors.IotSensorsFixtures.reading;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Range reads over hour partitions on the real node: every reading exactly once, in
 * order, across hours, midnights, month and year ends and a leap day, in pages that
 * resume across empty hours.
 */
@IotSensorsIntegrationTest
class ReadingServiceIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private MutableClock clock;

	@Autowired
	private MeterRegistry meters;

	@Autowired
	private ReadingRepository repository;

	@Autowired
	private CqlSession session;

	@Autowired
	private ReadingProperties properties;

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

	static Stream<Arguments> boundaries() {
		LocalDate today = LocalDate.now(ZoneOffset.UTC);
		int leapYear = today.getYear();
		while (!Year.isLeap(leapYear) || !LocalDate.of(leapYear, 3, 1).isBefore(today.minusDays(1))) {
			leapYear--;
		}
		return Stream.of(Arguments.of("month end", YearMonth.from(today).minusMonths(1).atDay(1)),
				Arguments.of("year end", Year.from(today).minusYears(1).atDay(1)),
				Arguments.of("leap day", LocalDate.of(leapYear, 3, 1)));
	}

	/**
	 * A range from 21:00 to 02:00 across a midnight that is also a month end (a year end,
	 * the end of a leap day) returns every reading exactly once, in order, newest first
	 * and oldest first, page by page.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("boundaries")
	@ServesQuery({ "Q3", "Q4" })
	void rangeAcrossMidnightAndMonthEndReturnsEveryReadingOnceInOrder(String name, LocalDate firstDay) {
		Instant midnight = firstDay.atStartOfDay(ZoneOffset.UTC).toInstant();
		Instant from = midnight.minus(Duration.ofHours(3));
		Instant to = midnight.plus(Duration.ofHours(2));
		this.clock.setInstant(to);
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		List<NewReading> sent = new ArrayList<>();
		for (Instant time = from; time.isBefore(to); time = time.plusSeconds(7 * 60 + 13)) {
			sent.add(reading(time));
		}
		ingest(this.client, this.callers, sensorId, sent);
		List<Instant> times = sent.stream().map(NewReading::time).toList();

		List<Instant> newestFirst = readAll(sensorId, from, to, "desc", 9);
		assertThat(newestFirst).doesNotHaveDuplicates()
			.containsExactlyElementsOf(times.stream().sorted(Comparator.reverseOrder()).toList());
		List<Instant> oldestFirst = readAll(sensorId, from, to, "asc", 9);
		assertThat(oldestFirst).containsExactlyElementsOf(times);
		assertThat(oldestFirst).anyMatch((time) -> time.isBefore(midnight))
			.anyMatch((time) -> !time.isBefore(midnight));
	}

	/**
	 * Pages resume exactly after the last reading returned, walking over empty hours in
	 * between: readings in three hours of a ten-hour range, two per page.
	 */
	@Test
	@ServesQuery({ "Q3", "Q4" })
	void pagingResumesAcrossBucketsAndEmptyHours() {
		Instant from = this.clock.instant().minus(Duration.ofHours(12)).truncatedTo(ChronoUnit.HOURS);
		Instant to = from.plus(Duration.ofHours(10));
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		List<NewReading> sent = List.of(reading(from.plusSeconds(5)), reading(from.plusSeconds(1805)),
				reading(from.plus(Duration.ofHours(3)).plusSeconds(60)),
				reading(from.plus(Duration.ofHours(7)).plusSeconds(10)),
				reading(from.plus(Duration.ofHours(7)).plusSeconds(20)),
				reading(from.plus(Duration.ofHours(9)).plusSeconds(3599)));
		ingest(this.client, this.callers, sensorId, sent);

		List<List<Instant>> pages = pages(sensorId, from, to, "desc", 2);
		assertThat(pages).hasSize(3);
		assertThat(pages.get(0)).containsExactly(sent.get(5).time(), sent.get(4).time());
		assertThat(pages.get(1)).containsExactly(sent.get(3).time(), sent.get(2).time());
		assertThat(pages.get(2)).containsExactly(sent.get(1).time(), sent.get(0).time());
		assertThat(readAll(sensorId, from, to, "asc", 4))
			.containsExactlyElementsOf(sent.stream().map(NewReading::time).toList());
	}

	/**
	 * A page reads one hour partition at a time and stops as soon as it is full: newest
	 * first, two readings of the newest hour take one partition read; oldest first, the
	 * walk crosses eight empty hours to fill the page (ten reads).
	 */
	@Test
	@ServesQuery({ "Q3", "Q4" })
	void pageStopsReadingPartitionsOnceFull() {
		Instant from = this.clock.instant().minus(Duration.ofHours(12)).truncatedTo(ChronoUnit.HOURS);
		Instant to = from.plus(Duration.ofHours(10));
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		Instant newestHour = to.minus(Duration.ofHours(1));
		ingest(this.client, this.callers, sensorId,
				List.of(reading(from.plusSeconds(1)), reading(newestHour.plusSeconds(1)),
						reading(newestHour.plusSeconds(2)), reading(newestHour.plusSeconds(3))));
		DistributionSummary partitions = this.meters.get("querydriven.iotsensors.readings.partitions.per.page")
			.summary();

		double before = partitions.totalAmount();
		assertThat(page(sensorId, from, to, "desc", 2, null).items()).hasSize(2);
		assertThat(partitions.totalAmount() - before).isEqualTo(1);

		before = partitions.totalAmount();
		assertThat(page(sensorId, from, to, "asc", 2, null).items()).extracting(ReadingResponse::time)
			.containsExactly(from.plusSeconds(1), newestHour.plusSeconds(1));
		assertThat(partitions.totalAmount() - before).isEqualTo(10);
	}

	/**
	 * The repository refuses to put rows of two partitions in one batch; nothing is
	 * written.
	 */
	@Test
	void multiPartitionBatchIsRefused() {
		UUID sensorId = UUID.randomUUID();
		Instant hour = this.clock.instant().minus(Duration.ofHours(3)).truncatedTo(ChronoUnit.HOURS);
		SensorDataRow first = SensorDataRow.of(sensorId, hour.plusSeconds(10), 1, 2, 3);
		SensorDataRow second = SensorDataRow.of(sensorId, hour.plusSeconds(3610), 1, 2, 3);
		this.repository.insertPartition(List.of(first, second), (row) -> 3600)
			.as(StepVerifier::create)
			.expectError(IllegalArgumentException.class)
			.verify();
		assertThat(this.session
			.execute("SELECT * FROM sensor_data WHERE sensor_id = ? AND date = ? AND hour = ?", sensorId, first.date(),
					first.hour())
			.all()).isEmpty();
	}

	/**
	 * Bounds are half-open: a reading at {@code to} is excluded, one at {@code from}
	 * included.
	 */
	@Test
	@ServesQuery("Q3")
	void rangeIsHalfOpen() {
		Instant from = this.clock.instant().minus(Duration.ofHours(5)).truncatedTo(ChronoUnit.HOURS);
		Instant to = from.plus(Duration.ofHours(1));
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		ingest(this.client, this.callers, sensorId, List.of(reading(from), reading(to.minusMillis(1)), reading(to)));
		assertThat(readAll(sensorId, from, to, "desc", 20)).containsExactly(to.minusMillis(1), from);
	}

	/**
	 * A range reaching back past the retention starts at the retention horizon (now − 30
	 * days): older readings, expired on a real node, are neither returned nor scanned
	 * (one hour partition read instead of three), and a range wholly before the horizon
	 * is empty.
	 */
	@Test
	@ServesQuery({ "Q3", "Q4" })
	void rangeNeverReachesPastTheRetention() {
		Instant horizon = this.clock.instant().minus(Duration.ofDays(31)).truncatedTo(ChronoUnit.HOURS);
		// Ingested as if it were 31 days ago: the rows live on the node (their TTL counts
		// from the write), but lie beyond the retention once the clock moves 30 days on.
		this.clock.setInstant(horizon.plus(Duration.ofHours(1)));
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		List<NewReading> sent = Stream
			.iterate(horizon.minus(Duration.ofMinutes(50)), (time) -> time.isBefore(horizon.plus(Duration.ofHours(1))),
					(time) -> time.plus(Duration.ofMinutes(15)))
			.map(IotSensorsFixtures::reading)
			.toList();
		ingest(this.client, this.callers, sensorId, sent);
		List<Instant> unexpired = sent.stream()
			.map(NewReading::time)
			.filter((time) -> !time.isBefore(horizon))
			.toList();
		assertThat(unexpired).hasSize(4);

		this.clock.setInstant(horizon.plus(this.properties.retention()));
		Instant from = horizon.minus(Duration.ofHours(2));
		Instant to = horizon.plus(Duration.ofHours(1));
		DistributionSummary partitions = this.meters.get("querydriven.iotsensors.readings.partitions.per.page")
			.summary();
		double before = partitions.totalAmount();
		assertThat(page(sensorId, from, to, "asc", 100, null).items()).extracting(ReadingResponse::time)
			.containsExactlyElementsOf(unexpired);
		assertThat(partitions.totalAmount() - before).isEqualTo(1);
		assertThat(readAll(sensorId, from, to, "desc", 3))
			.containsExactlyElementsOf(unexpired.stream().sorted(Comparator.reverseOrder()).toList());
		ReadingsPage beforeTheHorizon = page(sensorId, from, horizon, "desc", 100, null);
		assertThat(beforeTheHorizon.items()).isEmpty();
		assertThat(beforeTheHorizon.next()).isNull();
	}

	/**
	 * When the retention horizon overtakes a cursor before the next page is asked for,
	 * newest first the walk ends (all that was left has expired) and oldest first it
	 * resumes at the horizon, in the cursor's hour or a later one: never a reading twice,
	 * never one beyond the retention.
	 */
	@Test
	@ServesQuery({ "Q3", "Q4" })
	void pagingEndsAtTheRetentionHorizonWhenItOvertakesTheCursor() {
		Instant hour = this.clock.instant().minus(Duration.ofDays(31)).truncatedTo(ChronoUnit.HOURS);
		Duration retention = this.properties.retention();
		this.clock.setInstant(hour.plus(Duration.ofHours(2)));
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		List<Instant> times = List.of(hour.minus(Duration.ofMinutes(50)), hour.minus(Duration.ofMinutes(20)),
				hour.plus(Duration.ofMinutes(10)), hour.plus(Duration.ofMinutes(40)),
				hour.plus(Duration.ofMinutes(70)));
		ingest(this.client, this.callers, sensorId, times.stream().map(IotSensorsFixtures::reading).toList());
		Instant from = hour.minus(Duration.ofHours(1));
		Instant to = hour.plus(Duration.ofHours(2));

		this.clock.setInstant(from.plus(retention));
		ReadingsPage newest = page(sensorId, from, to, "desc", 4, null);
		assertThat(newest.items()).extracting(ReadingResponse::time)
			.containsExactly(times.get(4), times.get(3), times.get(2), times.get(1));
		ReadingsPage oldest = page(sensorId, from, to, "asc", 1, null);
		assertThat(oldest.items()).extracting(ReadingResponse::time).containsExactly(times.get(0));

		this.clock.setInstant(hour.minus(Duration.ofMinutes(30)).plus(retention));
		assertThat(page(sensorId, from, to, "asc", 10, oldest.next()).items()).extracting(ReadingResponse::time)
			.containsExactlyElementsOf(times.subList(1, 5));

		this.clock.setInstant(hour.plus(Duration.ofMinutes(20)).plus(retention));
		ReadingsPage afterNewest = page(sensorId, from, to, "desc", 4, newest.next());
		assertThat(afterNewest.items()).isEmpty();
		assertThat(afterNewest.next()).isNull();
		assertThat(page(sensorId, from, to, "asc", 10, oldest.next()).items()).extracting(ReadingResponse::time)
			.containsExactlyElementsOf(times.subList(3, 5));
	}

	/**
	 * A cursor is signed for its sensor, range and order: replayed on another range it is
	 * a 400.
	 */
	@Test
	void cursorOfAnotherRangeIsRejected() {
		Instant from = this.clock.instant().minus(Duration.ofHours(6)).truncatedTo(ChronoUnit.HOURS);
		Instant to = from.plus(Duration.ofHours(2));
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		ingest(this.client, this.callers, sensorId,
				List.of(reading(from.plusSeconds(1)), reading(from.plusSeconds(2))));
		String next = page(sensorId, from, to, "desc", 1, null).next();
		assertThat(next).isNotNull();

		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri((uri) -> uri.path("/sensors/{id}/readings")
				.queryParam("from", from)
				.queryParam("to", to.plusSeconds(1))
				.queryParam("limit", 1)
				.queryParam("cursor", next)
				.build(sensorId))
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("cursor");
	}

	/**
	 * Readings of a sensor that was never registered are a 404, as is the latest reading
	 * of a silent sensor.
	 */
	@Test
	@ServesQuery("Q7")
	void unknownSensorAndSilentSensorAreNotFound() {
		Instant to = this.clock.instant();
		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri((uri) -> uri.path("/sensors/{id}/readings")
				.queryParam("from", to.minusSeconds(3600))
				.queryParam("to", to)
				.build(UUID.randomUUID()))
			.exchange()
			.expectStatus()
			.isNotFound();
		UUID silent = IotSensorsFixtures.registerSensor(this.client, this.callers);
		this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri("/sensors/{id}/readings/latest", silent)
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectBody()
			.jsonPath("$.detail")
			.isEqualTo("Sensor " + silent + " has sent no reading yet");
	}

	private List<Instant> readAll(UUID sensorId, Instant from, Instant to, String order, int limit) {
		return pages(sensorId, from, to, order, limit).stream().flatMap(List::stream).toList();
	}

	private List<List<Instant>> pages(UUID sensorId, Instant from, Instant to, String order, int limit) {
		List<List<Instant>> pages = new ArrayList<>();
		String cursor = null;
		do {
			ReadingsPage page = page(sensorId, from, to, order, limit, cursor);
			if (!page.items().isEmpty()) {
				pages.add(page.items().stream().map(ReadingResponse::time).toList());
			}
			cursor = page.next();
			assertThat(pages.size()).as("pages").isLessThan(100);
		}
		while (cursor != null);
		return pages;
	}

	private ReadingsPage page(UUID sensorId, Instant from, Instant to, String order, int limit, String cursor) {
		return this.client.mutateWith(IotSensorsFixtures.signedIn(this.callers))
			.get()
			.uri((uri) -> uri.path("/sensors/{id}/readings")
				.queryParam("from", from)
				.queryParam("to", to)
				.queryParam("order", order)
				.queryParam("limit", limit)
				.queryParamIfPresent("cursor", Optional.ofNullable(cursor))
				.build(sensorId))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(new ParameterizedTypeReference<ReadingsPage>() {
			})
			.returnResult()
			.getResponseBody();
	}

	record ReadingsPage(List<ReadingResponse> items, String next) {

	}

}
