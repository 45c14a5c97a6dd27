package dev.querydriven.testsupport.devrun.scan;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A service whose package holds production components and, as a test class path does, the
 * tests' own components.
 */
@SpringBootApplication
public class ScanApplication {

	public static void main(String[] args) {
		SpringApplication.run(ScanApplication.class, args);
	}

}
