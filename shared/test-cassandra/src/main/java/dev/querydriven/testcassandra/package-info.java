/**
 * How every integration test obtains a real Cassandra: one node per test JVM, from
 * Testcontainers when a Docker engine answers and from the embedded launcher otherwise
 * (or as forced by {@code -Dquerydriven.cassandra.backend=docker|embedded}). Both get the
 * same generated configuration and the same admin step, and tests connect as the
 * service's own non-superuser role. A Cassandra warning fails the test that caused it.
 */
package dev.querydriven.testcassandra;
