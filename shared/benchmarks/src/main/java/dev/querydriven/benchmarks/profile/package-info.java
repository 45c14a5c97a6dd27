/**
 * Profiles of the layers that miss their goal: Java Flight Recorder recordings (taken
 * in-process, or from the service's JVM with {@code jcmd}) and async-profiler profiles of
 * every thread of another JVM (its agent loaded with {@code jcmd}), rendered as flame
 * graphs by async-profiler's converter, and summarised by component for the summary.
 */
package dev.querydriven.benchmarks.profile;
