/**
 * The benchmark suite: what each layer of a service costs against the raw driver.
 *
 * <p>
 * A service declares its hottest read and write once, with its tests
 * ({@link dev.querydriven.benchmarks.api.ServiceBenchmark},
 * {@link dev.querydriven.benchmarks.api.Workload}; found by {@link Benchmarks}); the
 * suite loads data through the service, captures the statements one request really
 * executes, and runs the same requests, at the same concurrency and on the same data,
 * through three layers: the raw driver replaying the captured statements, the service
 * layer called directly, and the HTTP endpoint under Gatling. Every measured window
 * records the CPU share of each process, since the load generator, the service and the
 * Cassandra node share the machine's cores.
 */
package dev.querydriven.benchmarks;
