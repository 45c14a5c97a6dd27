/**
 * The statement recorder: what each HTTP request executed on Cassandra (route, CQL,
 * table, partitions, consistency level, lightweight transaction or batch), for tests, the
 * model check and query inspection. Off unless
 * {@code querydriven.statement-recorder.enabled} is set.
 */
package dev.querydriven.testsupport.recording;
