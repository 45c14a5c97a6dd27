package dev.querydriven.testsupport.architecture.bad;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A service whose settings break the convention every way the rule knows (never started:
 * the architecture rules' tests only read its classes). It scans no settings.
 */
@SpringBootApplication
class BadApplication {

}
