/**
 * Measuring: a closed-loop load at fixed concurrency with latency histograms, the CPU
 * each process used in a window, and the machine the numbers came from.
 */
package dev.querydriven.benchmarks.measure;
