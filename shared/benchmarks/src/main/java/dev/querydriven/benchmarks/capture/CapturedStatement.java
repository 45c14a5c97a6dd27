package dev.querydriven.benchmarks.capture;

import com.datastax.oss.driver.api.core.cql.Statement;

/**
 * A statement a request executed, and when: from the moment it was issued to the moment
 * its response arrived (before the service's code saw it).
 *
 * @param statement the statement, exactly as the service executed it
 * @param startNanos when it was issued ({@link System#nanoTime()})
 * @param endNanos when its response arrived
 */
public record CapturedStatement(Statement<?> statement, long startNanos, long endNanos) {

}
