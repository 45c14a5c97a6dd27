/**
 * How a service reaches its keyspace: its own non-superuser role (so that the guardrails
 * bind it), optionally created with a superuser login on a new cluster, and versioned CQL
 * migrations applied at startup before any other use of the session. Without
 * {@code spring.cassandra.contact-points} a production build connects to Spring Boot's
 * default contact point and, when nothing answers, stops with one message saying what to
 * configure ({@link CassandraUnreachableFailureAnalyzer}); the dev run's embedded node
 * lives on the test class path.
 */
package dev.querydriven.servicesupport.cassandra;
