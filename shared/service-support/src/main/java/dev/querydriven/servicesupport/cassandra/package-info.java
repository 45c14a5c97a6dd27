/**
 * How a service reaches its keyspace: a runtime role that reads and writes rows only (so
 * that the guardrails bind it, and a compromised service cannot drop or hand out its
 * tables), a migrator role that applies the versioned CQL migrations at startup before
 * any other use of the session, and a read-only support role for people; all three
 * created by the admin step
 * ({@link dev.querydriven.servicesupport.cassandra.KeyspaceProvisioner}) outside the
 * service, which never holds a superuser login. Without
 * {@code spring.cassandra.contact-points} a production build connects to Spring Boot's
 * default contact point and, when nothing answers, stops with one message saying what to
 * configure ({@link CassandraUnreachableFailureAnalyzer}); the dev run's embedded node
 * lives on the test class path.
 */
package dev.querydriven.servicesupport.cassandra;
