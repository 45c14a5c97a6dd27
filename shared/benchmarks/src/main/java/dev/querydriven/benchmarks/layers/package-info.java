/**
 * The driver and service layers, measured in a JVM of their own per service (the harness
 * JVM): the service's application context started in-process (its web server idle), its
 * data loaded, one request per sample captured, then each workload run through the raw
 * driver and through the service layer. One JVM per service keeps each service's
 * configuration and schema files apart (every service has an {@code application.yml} and
 * a {@code cql} folder at the root of its class path).
 */
package dev.querydriven.benchmarks.layers;
