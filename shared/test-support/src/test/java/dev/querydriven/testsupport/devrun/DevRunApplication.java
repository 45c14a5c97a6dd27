package dev.querydriven.testsupport.devrun;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A service with no Cassandra configured at all, as its dev run starts it.
 */
@SpringBootApplication
class DevRunApplication {

}
