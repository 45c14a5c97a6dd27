package dev.querydriven.servicesupport.cassandra;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatRuntimeException;

/**
 * A production build never starts a database of its own: without contact points it tries
 * Spring Boot's default one, and when nothing answers it stops with one message naming
 * what to configure and the dev run's command.
 */
@ExtendWith(OutputCaptureExtension.class)
class ProductionStartupTests {

	/**
	 * A production context without {@code spring.cassandra.contact-points} fails at
	 * startup with a message naming the property and the dev command.
	 */
	@Test
	void withoutContactPointsTheStartFailsWithOneMessage(CapturedOutput output) {
		SpringApplication application = new SpringApplication(ProductionApplication.class);
		assertThatRuntimeException().isThrownBy(() -> application.run("--spring.application.name=orders-service",
				"--spring.cassandra.keyspace-name=orders_service", "--spring.cassandra.local-datacenter=datacenter1",
				"--spring.main.web-application-type=none", "--spring.main.banner-mode=off"));
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("No Cassandra node answered at 127.0.0.1:9042, Spring Boot's default, because "
					+ "spring.cassandra.contact-points is not set")
			.contains("Set spring.cassandra.contact-points")
			.contains("./mvnw -Prun -pl orders-service -am package");
	}

	@SpringBootApplication
	static class ProductionApplication {

	}

}
