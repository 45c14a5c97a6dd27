/**
 * Real Apache Cassandra nodes for dev runs and tests, without Docker.
 *
 * <p>
 * Cassandra's server jars pin versions of Netty, logback, Guava and more that clash with
 * Spring Boot, so a node never runs inside the application's JVM:
 * {@link EmbeddedCassandra} unpacks the jars carried by {@code cassandra-dist} into a
 * cache directory and starts {@code CassandraDaemon} as a child process with the flags of
 * Cassandra's {@code jvm17-server.options}, a generated {@code cassandra.yaml}
 * ({@link CassandraYaml}) and a watchdog that ends the node when its parent disappears.
 * {@link EmbeddedCassandraCluster} starts several such nodes as one ring on 127.0.0.x.
 *
 * <p>
 * Nodes run with authentication and the modeling guardrails on ({@link Guardrails}): the
 * database itself refuses {@code ALLOW FILTERING}, secondary indexes and materialized
 * views for every non-superuser role.
 */
package dev.querydriven.embeddedcassandra;
