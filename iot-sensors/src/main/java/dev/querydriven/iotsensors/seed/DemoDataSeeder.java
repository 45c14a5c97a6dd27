package dev.querydriven.iotsensors.seed;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import dev.querydriven.iotsensors.ingestion.IngestionProperties;
import dev.querydriven.iotsensors.reading.ReadingProperties;
import dev.querydriven.modeling.dualwrite.TransientFailures;
import dev.querydriven.modeling.time.TimeSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.util.retry.Retry;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;

/**
 * Seeds dev runs with the simulator ({@code querydriven.iot-sensors.seed.*}): by default
 * 20 sensors on 4 sites, one reading a minute over the last 12 hours (14,400 readings).
 * It runs in the background, so the service answers while it seeds; the log shows its
 * progress. Off in tests.
 */
@Component
@ConditionalOnBooleanProperty("querydriven.iot-sensors.seed.enabled")
class DemoDataSeeder implements ApplicationRunner, DisposableBean {

	private static final Logger logger = LoggerFactory.getLogger(DemoDataSeeder.class);

	/**
	 * A write that timed out on a busy dev machine (several services and their nodes
	 * starting at once) starts the seed over: every write of it is idempotent, so a
	 * second pass only completes the first. Anything but a transient failure ends it.
	 */
	private static final Retry START_OVER = TransientFailures.onlyTransient(Retry.backoff(5, Duration.ofSeconds(2))
		.doBeforeRetry((retry) -> logger.warn("Demo data seeding met {}; starting it over", retry.failure().toString()))
		.onRetryExhaustedThrow((spec, signal) -> signal.failure()));

	/** Room for the simulation's own duration before its oldest reading ages out. */
	private static final Duration MARGIN = Duration.ofMinutes(30);

	private final SensorSimulator simulator;

	private final SeedProperties settings;

	private final ReadingProperties readings;

	private final IngestionProperties ingestion;

	private final TimeSource time;

	private Disposable running;

	DemoDataSeeder(SensorSimulator simulator, SeedProperties settings, ReadingProperties readings,
			IngestionProperties ingestion, TimeSource time) {
		this.simulator = simulator;
		this.settings = settings;
		this.readings = readings;
		this.ingestion = ingestion;
		this.time = time;
	}

	@Override
	public void run(ApplicationArguments args) {
		Duration allowance = this.readings.lateAllowance();
		if (this.settings.period().plus(MARGIN).compareTo(allowance) > 0) {
			throw new IllegalStateException("querydriven.iot-sensors.seed.period (" + this.settings.period()
					+ ") must stay " + MARGIN.toMinutes() + " minutes within the late-reading allowance (" + allowance
					+ "): older readings are rejected");
		}
		Instant end = this.time.instant().truncatedTo(ChronoUnit.SECONDS);
		SimulationPlan plan = new SimulationPlan(this.settings.sensors(), this.settings.sites(),
				this.settings.samplingInterval(), this.settings.period(), end, this.ingestion.maxBatchSize(),
				this.settings.concurrency());
		this.running = this.simulator.run(plan)
			.retryWhen(START_OVER)
			.subscribe((report) -> logger.info(
					"Demo data ready: try GET /sites/{}/sensors as dashboard (any signed-in user: a token from POST /dev/tokens)",
					SensorSimulator.siteId(0)), (error) -> logger.error("Demo data seeding failed", error));
	}

	@Override
	public void destroy() {
		if (this.running != null) {
			this.running.dispose();
		}
	}

}
