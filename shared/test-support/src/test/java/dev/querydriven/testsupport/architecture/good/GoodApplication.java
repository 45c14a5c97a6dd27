package dev.querydriven.testsupport.architecture.good;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * A service whose settings follow the convention (never started: the architecture rules'
 * tests only read its classes).
 */
@SpringBootApplication
@ConfigurationPropertiesScan
class GoodApplication {

}
