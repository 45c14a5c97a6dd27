package ${package};

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The service: one query-first table, read and written over HTTP.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ${serviceName}Application {

	public static void main(String[] args) {
		SpringApplication.run(${serviceName}Application.class, args);
	}

}
