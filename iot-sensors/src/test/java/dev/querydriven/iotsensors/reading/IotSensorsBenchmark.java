package dev.querydriven.iotsensors.reading;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

import dev.querydriven.benchmarks.api.DataSet;
import dev.querydriven.benchmarks.api.HttpCall;
import dev.querydriven.benchmarks.api.Loading;
import dev.querydriven.benchmarks.api.Scale;
import dev.querydriven.benchmarks.api.ServiceBenchmark;
import dev.querydriven.benchmarks.api.Workload;
import dev.querydriven.benchmarks.api.WorkloadInfo;
import dev.querydriven.iotsensors.IotSensorsApplication;
import dev.querydriven.iotsensors.TimeRange;
import dev.querydriven.iotsensors.ingestion.IngestionService;
import dev.querydriven.iotsensors.ingestion.NewReading;
import dev.querydriven.iotsensors.ingestion.ReadingBatch;
import dev.querydriven.iotsensors.ingestion.ReadingValidator;
import dev.querydriven.iotsensors.sensor.NewSensor;
import dev.querydriven.iotsensors.sensor.SensorService;
import dev.querydriven.modeling.bucket.ReadOrder;
import reactor.core.publisher.Mono;

import org.springframework.context.ApplicationContext;

/**
 * iot-sensors: the hottest read is a sensor's latest readings (the last hour, newest
 * first, 20 of them: a dashboard tile), the hottest write ingestion, measured with
 * batches of 1, 100 and 1,000 readings per request. The data: sensors that have reported
 * every 10 seconds for the last two hours, so that an hour partition holds what a real
 * one would and every ingestion's rollup recomputation reads a realistic partition. Over
 * HTTP, readings are read by a signed-in user (a dashboard) and sent by each sensor with
 * its own device token, as the service's access rules require.
 */
public class IotSensorsBenchmark implements ServiceBenchmark {

	private static final String SENSORS = "sensors";

	/** The statement that writes one reading: what the raw ingestion baseline runs. */
	private static final String ROW_INSERT = "INSERT INTO sensor_data";

	private static final Duration HISTORY = Duration.ofHours(2);

	private static final Duration SAMPLING = Duration.ofSeconds(10);

	/**
	 * The user whose dashboard reads: one caller, so that its token is signed once (any
	 * signed-in caller may read).
	 */
	private static final UUID DASHBOARD = UUID.fromString("d45b0a2d-0000-4000-8000-000000000001");

	private static final String READINGS_WRITE = "readings:write";

	@Override
	public String name() {
		return "iot-sensors";
	}

	@Override
	public String keyspace() {
		return "iot_sensors";
	}

	@Override
	public Class<?> application() {
		return IotSensorsApplication.class;
	}

	@Override
	public List<Workload<?>> workloads() {
		return List.of(new LatestReadings(), new Ingestion(1, true), new Ingestion(100, false),
				new Ingestion(1000, false));
	}

	@Override
	public DataSet load(ApplicationContext context, Scale scale, Progress progress) {
		SensorService sensors = context.getBean(SensorService.class);
		IngestionService ingestion = context.getBean(IngestionService.class);
		ReadingValidator validator = context.getBean(ReadingValidator.class);
		int sensorCount = scale.of(500, 10);
		int sites = Math.max(1, sensorCount / 25);
		List<UUID> ids = new ArrayList<>();
		List<UUID> siteIds = new ArrayList<>();
		for (int i = 0; i < sensorCount; i++) {
			ids.add(UUID.randomUUID());
		}
		for (int i = 0; i < sites; i++) {
			siteIds.add(UUID.randomUUID());
		}
		Loading.run("sensors", sensorCount,
				(i) -> sensors
					.register(new NewSensor(ids.get(i), siteIds.get(i % sites), "climate", (int) SAMPLING.toSeconds())),
				progress);
		Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		int perSensor = (int) (HISTORY.toSeconds() / SAMPLING.toSeconds());
		Loading.run("readings (" + perSensor + " per sensor)", sensorCount, (i) -> {
			List<NewReading> history = new ArrayList<>(perSensor);
			for (int k = perSensor; k > 0; k--) {
				history.add(reading(now.minus(SAMPLING.multipliedBy(k)), i + k));
			}
			return ingestion.ingest(ids.get(i), validator.validate(ReadingBatch.of(history)));
		}, progress);
		return new DataSet(Map.of(SENSORS, ids.stream().map(UUID::toString).toList()));
	}

	static NewReading reading(Instant time, long sequence) {
		return new NewReading(time, 18 + (sequence % 70) / 10.0, 40 + (sequence % 300) / 10.0,
				(int) (100 - sequence % 50));
	}

	/** The last hour of a sensor's readings, newest first, first page of 20 (Q3). */
	static final class LatestReadings implements Workload<UUID> {

		@Override
		public WorkloadInfo info() {
			return WorkloadInfo.read("iot-sensors/latest-readings", "a sensor's last hour, newest 20 readings (Q3)");
		}

		@Override
		public UUID input(long sequence, DataSet data) {
			return data.uuid(SENSORS, sequence);
		}

		@Override
		public HttpCall http(UUID sensorId) {
			Instant to = Instant.now().truncatedTo(ChronoUnit.MILLIS);
			return HttpCall
				.get("/sensors/" + sensorId + "/readings?from=" + to.minus(Duration.ofHours(1)) + "&to=" + to
						+ "&limit=20")
				.as(DASHBOARD);
		}

		@Override
		public Function<UUID, Mono<Integer>> service(ApplicationContext context) {
			ReadingService readings = context.getBean(ReadingService.class);
			return (sensorId) -> Mono.defer(() -> {
				Instant to = Instant.now().truncatedTo(ChronoUnit.MILLIS);
				TimeRange range = TimeRange.of(to.minus(Duration.ofHours(1)), to, Duration.ofHours(24));
				return readings.findRange(sensorId, range, ReadOrder.NEWEST_FIRST, 20, null)
					.map((page) -> page.items().size());
			});
		}

	}

	/**
	 * A batch of readings of one sensor, one second apart, inside the hours the sensor
	 * already reported (so the rollup recomputed after it reads a filled partition).
	 */
	static final class Ingestion implements Workload<Ingestion.Batch> {

		private final int size;

		private final boolean hottest;

		/** The batches start here: inside the loaded history, far from its ends. */
		private final Instant origin = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofMinutes(100));

		Ingestion(int size, boolean hottest) {
			this.size = size;
			this.hottest = hottest;
		}

		@Override
		public WorkloadInfo info() {
			String title = (this.size == 1) ? "ingest 1 reading per request"
					: "ingest " + String.format("%,d", this.size) + " readings per request";
			return WorkloadInfo.ingest("iot-sensors/ingest-" + this.size, title, this.size, ROW_INSERT, this.hottest);
		}

		@Override
		public Batch input(long sequence, DataSet data) {
			int sensors = data.size(SENSORS);
			Instant start = this.origin.plusMillis(500).plusSeconds((sequence / sensors) % 4 * this.size);
			List<NewReading> readings = new ArrayList<>(this.size);
			for (int k = 0; k < this.size; k++) {
				readings.add(reading(start.plusSeconds(k), sequence + k));
			}
			return new Batch(data.uuid(SENSORS, sequence), readings);
		}

		@Override
		public HttpCall http(Batch batch) {
			List<Map<String, Object>> readings = batch.readings().stream().map(Ingestion::json).toList();
			return HttpCall
				.json("/sensors/" + batch.sensorId() + "/readings", (readings.size() == 1) ? readings.get(0) : readings)
				.withScope(batch.sensorId().toString(), READINGS_WRITE);
		}

		private static Map<String, Object> json(NewReading reading) {
			Map<String, Object> json = new LinkedHashMap<>();
			json.put("time", reading.time().toString());
			json.put("temperature", reading.temperature());
			json.put("humidity", reading.humidity());
			json.put("batteryLevel", reading.batteryLevel());
			return json;
		}

		@Override
		public Function<Batch, Mono<Integer>> service(ApplicationContext context) {
			IngestionService ingestion = context.getBean(IngestionService.class);
			ReadingValidator validator = context.getBean(ReadingValidator.class);
			return (batch) -> Mono
				.defer(() -> ingestion.ingest(batch.sensorId(),
						validator.validate(new ReadingBatch(batch.readings(), batch.readings().size() == 1))))
				.map((result) -> batch.readings().size());
		}

		record Batch(UUID sensorId, List<NewReading> readings) {

		}

	}

}
