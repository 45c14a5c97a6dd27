/**
 * The HTTP layer: every service in its own JVM, Gatling in another, driven by a plan of
 * phases (warm-up, closed model at fixed concurrency, open model at fixed arrival rates)
 * that the suite writes and the simulation reads. The simulation prints a marker as each
 * phase starts, so that the suite reads every process's CPU at the phase's bounds.
 */
package dev.querydriven.benchmarks.http;
