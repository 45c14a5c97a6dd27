/**
 * The query inspector: what each HTTP request of a dev run did to Cassandra, served by
 * the application itself at {@code /inspector} to loopback clients. For every request:
 * its route, status and time, the distinct partitions it read against the route's
 * declared budget, and each statement with its catalogue id, consistency, partition key,
 * token, replicas (the driver's and those of a simulated six-node ring), rows, latency,
 * coordinator and Cassandra's warnings; and what deserves a second look (over budget, a
 * route without a budget, a statement missing from the catalogue, a warning, one
 * statement over several partitions, a lightweight transaction that did not apply), each
 * linked to the section that explains it.
 *
 * <p>
 * It is the reference texts' advice to test a model against what really runs, made
 * visible while one clicks through the application: it reads what the
 * {@link dev.querydriven.testsupport.recording.StatementRecorder} records and never
 * changes what a request executes. It lives on the test class path only, like the
 * embedded node: no production jar carries it.
 */
package dev.querydriven.testsupport.inspector;
