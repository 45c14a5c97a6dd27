package dev.querydriven.servicesupport.cassandra;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A service with no Cassandra configured at all: the dev default applies.
 */
@SpringBootApplication
class DevDefaultApplication {

}
