package dev.querydriven.iotsensors.seed;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import dev.querydriven.iotsensors.ingestion.IngestionService;
import dev.querydriven.iotsensors.ingestion.NewReading;
import dev.querydriven.iotsensors.ingestion.ReadingBatch;
import dev.querydriven.iotsensors.ingestion.ReadingValidator;
import dev.querydriven.iotsensors.sensor.NewSensor;
import dev.querydriven.iotsensors.sensor.SensorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Simulates a fleet of sensors: registers them, then sends their readings over a period
 * in batches, through the same validation and ingestion path as the HTTP API. Logs its
 * progress every tenth of the way with the readings per second so far.
 */
@Component
public class SensorSimulator {

	private static final Logger logger = LoggerFactory.getLogger(SensorSimulator.class);

	private static final String SENSOR_TYPE = "environment";

	private final SensorService sensors;

	private final ReadingValidator validator;

	private final IngestionService ingestion;

	SensorSimulator(SensorService sensors, ReadingValidator validator, IngestionService ingestion) {
		this.sensors = sensors;
		this.validator = validator;
		this.ingestion = ingestion;
	}

	/**
	 * The id of simulated sensor {@code index}: the same on every run with the same
	 * sampling interval, so a re-run upserts the same rows.
	 * @param index the sensor's number
	 * @param samplingInterval its sampling interval
	 * @return its id
	 */
	public static UUID sensorId(int index, Duration samplingInterval) {
		return nameUuid("sensor-" + index + "-every-" + samplingInterval.toSeconds() + "s");
	}

	/**
	 * The id of simulated site {@code index}.
	 * @param index the site's number
	 * @return its id
	 */
	public static UUID siteId(int index) {
		return nameUuid("site-" + index);
	}

	private static UUID nameUuid(String name) {
		return UUID.nameUUIDFromBytes(("query-driven/iot-sensors/simulator/" + name).getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * The reading simulated sensor {@code index} sends at {@code time}: a daily
	 * temperature and humidity cycle with a little noise, and a slowly draining battery,
	 * all derived from the sensor and the time alone.
	 * @param index the sensor's number
	 * @param time the reading time
	 * @return the reading
	 */
	public static NewReading reading(int index, Instant time) {
		SplittableRandom noise = new SplittableRandom(index * 1_000_003L ^ time.toEpochMilli());
		double dayAngle = 2 * Math.PI * (Math.floorMod(time.getEpochSecond(), 86_400) / 86_400.0);
		double temperature = 18 + (index % 7) - 6 * Math.cos(dayAngle) + noise.nextDouble(-0.5, 0.5);
		double humidity = 55 + 15 * Math.cos(dayAngle) + noise.nextDouble(-2, 2);
		int battery = 100 - (int) Math.floorMod(index * 13L + time.getEpochSecond() / 43_200, 70L);
		return new NewReading(time, round(temperature), round(humidity), battery);
	}

	private static double round(double value) {
		return Math.round(value * 100) / 100.0;
	}

	/**
	 * Runs a simulation: registers the sensors (idempotent), then ingests every reading.
	 * @param plan what to simulate
	 * @return the report, once every reading is written
	 */
	public Mono<SimulationReport> run(SimulationPlan plan) {
		return Mono.defer(() -> {
			long started = System.nanoTime();
			long total = plan.totalReadings();
			AtomicLong written = new AtomicLong();
			AtomicLong requests = new AtomicLong();
			AtomicInteger loggedTenths = new AtomicInteger();
			logger.info("Simulator: {} sensors on {} sites, one reading every {} s from {} to {}: {} readings",
					plan.sensors(), plan.sites(), plan.samplingInterval().toSeconds(), plan.start(), plan.end(),
					String.format(Locale.ROOT, "%,d", total));
			return Flux.range(0, plan.sensors())
				.concatMap((index) -> this.sensors.register(new NewSensor(sensorId(index, plan.samplingInterval()),
						siteId(index % plan.sites()), SENSOR_TYPE, (int) plan.samplingInterval().toSeconds())))
				.thenMany(Flux.range(0, plan.sensors()).concatMap((index) -> batches(plan, index)))
				.flatMap((batch) -> this.ingestion.ingest(batch.sensorId(),
						this.validator.validate(ReadingBatch.of(batch.readings()))), plan.concurrency())
				.doOnNext((result) -> {
					long done = written.addAndGet(result.accepted());
					requests.incrementAndGet();
					int tenths = (int) (done * 10 / Math.max(1, total));
					if (tenths > loggedTenths.get() && tenths < 10) {
						loggedTenths.set(tenths);
						logProgress(done, total, started);
					}
				})
				.then(Mono.fromSupplier(() -> {
					SimulationReport report = new SimulationReport(plan.sensors(), written.get(), requests.get(),
							Duration.ofNanos(System.nanoTime() - started));
					logger.info("Simulator: done, {} readings in {} requests in {} ms ({} readings/s)",
							String.format(Locale.ROOT, "%,d", report.readings()), report.requests(),
							report.elapsed().toMillis(),
							String.format(Locale.ROOT, "%,.0f", report.readingsPerSecond()));
					return report;
				}));
		});
	}

	private static void logProgress(long done, long total, long started) {
		double seconds = Math.max(1, System.nanoTime() - started) / 1e9;
		logger.info("Simulator: {} of {} readings ({}%), {} readings/s", String.format(Locale.ROOT, "%,d", done),
				String.format(Locale.ROOT, "%,d", total), done * 100 / Math.max(1, total),
				String.format(Locale.ROOT, "%,.0f", done / seconds));
	}

	/** One sensor's readings, cut into ingestion requests. */
	private static Flux<SensorBatch> batches(SimulationPlan plan, int index) {
		UUID sensorId = sensorId(index, plan.samplingInterval());
		long perSensor = plan.readingsPerSensor();
		return Flux.range(0, (int) ((perSensor + plan.batchSize() - 1) / plan.batchSize())).map((batch) -> {
			List<NewReading> readings = new ArrayList<>(plan.batchSize());
			long first = (long) batch * plan.batchSize();
			for (long k = first; k < Math.min(perSensor, first + plan.batchSize()); k++) {
				readings.add(reading(index, plan.start().plus(plan.samplingInterval().multipliedBy(k))));
			}
			return new SensorBatch(sensorId, readings);
		});
	}

	private record SensorBatch(UUID sensorId, List<NewReading> readings) {

	}

}
