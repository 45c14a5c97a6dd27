package dev.querydriven.testcassandra.app;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A minimal service for testing the test support itself.
 */
@SpringBootApplication
public class NotesApplication {

}
