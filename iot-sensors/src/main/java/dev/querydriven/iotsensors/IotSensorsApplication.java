package dev.querydriven.iotsensors;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The reference guide's IoT example: time-bucketed sensor readings, rollups and the
 * bucket-size advisor.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class IotSensorsApplication {

	public static void main(String[] args) {
		SpringApplication.run(IotSensorsApplication.class, args);
	}

}
