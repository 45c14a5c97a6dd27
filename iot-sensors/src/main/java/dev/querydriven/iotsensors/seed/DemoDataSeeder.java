package dev.querydriven.iotsensors.seed;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import dev.querydriven.iotsensors.IotSensorsProperties;
import dev.querydriven.modeling.time.TimeSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;

/**
 * Seeds dev runs with the simulator ({@code querydriven.iot-sensors.simulator.*}): by
 * default 20 sensors on 4 sites, one reading a minute over the last 12 hours (14,400
 * readings). It runs in the background, so the service answers while it seeds; the log
 * shows its progress. Off in tests.
 */
@Component
@ConditionalOnBooleanProperty("querydriven.seed.enabled")
class DemoDataSeeder implements ApplicationRunner, DisposableBean {

	private static final Logger logger = LoggerFactory.getLogger(DemoDataSeeder.class);

	/** Room for the simulation's own duration before its oldest reading ages out. */
	private static final Duration MARGIN = Duration.ofMinutes(30);

	private final SensorSimulator simulator;

	private final IotSensorsProperties properties;

	private final TimeSource time;

	private Disposable running;

	DemoDataSeeder(SensorSimulator simulator, IotSensorsProperties properties, TimeSource time) {
		this.simulator = simulator;
		this.properties = properties;
		this.time = time;
	}

	@Override
	public void run(ApplicationArguments args) {
		IotSensorsProperties.Simulator settings = this.properties.simulator();
		Duration allowance = this.properties.readings().lateAllowance();
		if (settings.period().plus(MARGIN).compareTo(allowance) > 0) {
			throw new IllegalStateException("querydriven.iot-sensors.simulator.period (" + settings.period()
					+ ") must stay " + MARGIN.toMinutes() + " minutes within the late-reading allowance (" + allowance
					+ "): older readings are rejected");
		}
		Instant end = this.time.instant().truncatedTo(ChronoUnit.SECONDS);
		SimulationPlan plan = new SimulationPlan(settings.sensors(), settings.sites(), settings.samplingInterval(),
				settings.period(), end, this.properties.ingestion().maxBatchSize(), settings.concurrency());
		this.running = this.simulator.run(plan)
			.subscribe((report) -> logger.info("Demo data ready: try GET /sites/{}/sensors", SensorSimulator.siteId(0)),
					(error) -> logger.error("Demo data seeding failed", error));
	}

	@Override
	public void destroy() {
		if (this.running != null) {
			this.running.dispose();
		}
	}

}
