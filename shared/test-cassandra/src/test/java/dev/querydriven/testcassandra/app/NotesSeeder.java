package dev.querydriven.testcassandra.app;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;

/**
 * Stands for a service's demo-data seeder: a bean that exists only when the service's
 * seed switch, {@code querydriven.<spring.application.name>.seed.enabled}, is on.
 */
@Component
@ConditionalOnBooleanProperty("querydriven.notes.seed.enabled")
class NotesSeeder {

}
