package dev.querydriven.processtests;

import java.net.Socket;
import java.time.Duration;
import java.util.UUID;

import dev.querydriven.benchmarks.api.HttpCall.Caller;
import dev.querydriven.benchmarks.http.ServiceJvm;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static dev.querydriven.processtests.ServiceProcess.granted;
import static dev.querydriven.processtests.ServiceProcess.user;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * iot-sensors' jar cut short in the middle of a registration ({@code sensor-registered}),
 * whose source is a plain write: halted right after the source row, left by a client that
 * closes its socket, and stopped by a {@code SIGTERM}, each while the copy waits. Every
 * registration shows in its site's sensors afterwards. The provisioning tool registers
 * (its token grants {@code sensors:register}); a user reads, with a token that grants
 * nothing more than being signed in.
 */
@Tag("slow")
class IotSensorsProcessIntegrationTests {

	private static final String SOURCE = "SELECT sensor_id FROM iot_sensors.sensors_by_id WHERE sensor_id = ?";

	private static final String SITE_COPY = "SELECT sensor_id FROM iot_sensors.sensors_by_site "
			+ "WHERE site_id = ? AND sensor_id = ?";

	private static final Caller PROVISIONING = granted("provisioning", "sensors:register");

	private static final Caller READER = user(UUID.randomUUID());

	private static ServiceProcess sensors;

	@BeforeAll
	static void service() {
		sensors = new ServiceProcess("iot-sensors");
	}

	@AfterAll
	static void close() {
		sensors.close();
	}

	/**
	 * A registration halted after its source row is finished by the next JVM's sweeper
	 * within 30 s; one whose client closed its socket is finished by the same JVM; and
	 * one in flight at a {@code SIGTERM} is finished before the JVM exits.
	 */
	@Test
	void everyRegistrationBegunIsFinished() throws Exception {
		UUID siteId = UUID.randomUUID();
		UUID halted = UUID.randomUUID();
		try (ServiceJvm jvm = sensors.halting("sensor-registered")) {
			sensors.sendUntilHalted(jvm, PROVISIONING, "POST", "/sensors", register(siteId, halted));
		}
		assertThat(sensors.row(SOURCE, halted)).as("the source row was written").isNotNull();
		assertThat(sensors.row(SITE_COPY, siteId, halted)).as("its copy was not").isNull();

		UUID abandoned = UUID.randomUUID();
		UUID stopped = UUID.randomUUID();
		try (ServiceJvm jvm = sensors.delaying()) {
			String site = "/sites/" + siteId + "/sensors";
			sensors.awaitJson(jvm, READER, site, sensor(halted), halted.toString());

			try (Socket client = sensors.sendAndLeave(jvm, PROVISIONING, "POST", "/sensors",
					register(siteId, abandoned))) {
				sensors.awaitRow(SOURCE, abandoned);
				assertThat(sensors.row(SITE_COPY, siteId, abandoned)).as("the copy still waits").isNull();
			}
			sensors.awaitJson(jvm, READER, site, sensor(abandoned), abandoned.toString());

			try (Socket client = sensors.sendAndLeave(jvm, PROVISIONING, "POST", "/sensors",
					register(siteId, stopped))) {
				sensors.awaitRow(SOURCE, stopped);
				jvm.terminate();
				jvm.awaitExit(Duration.ofSeconds(60));
			}
		}
		assertThat(sensors.row(SITE_COPY, siteId, stopped)).as("written before the JVM exited").isNotNull();
	}

	private static String sensor(UUID sensorId) {
		return "$.items[?(@.sensorId == '" + sensorId + "')].sensorId";
	}

	private static String register(UUID siteId, UUID sensorId) {
		return """
				{"sensorId": "%s", "siteId": "%s", "type": "cold-chain", "samplingIntervalSeconds": 60}
				""".formatted(sensorId, siteId);
	}

}
