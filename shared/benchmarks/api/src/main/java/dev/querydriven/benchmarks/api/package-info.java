/**
 * What a service's benchmark workloads are written against, and nothing more: its data
 * set and its requests ({@link dev.querydriven.benchmarks.api.ServiceBenchmark},
 * {@link dev.querydriven.benchmarks.api.Workload}). Each service depends on this module
 * in test scope and keeps its workloads with its tests; the measuring (the layers, the
 * statement capture, Gatling, the reports) stays in {@code shared/benchmarks}, which
 * finds the workloads in the services' build output.
 */
package dev.querydriven.benchmarks.api;
