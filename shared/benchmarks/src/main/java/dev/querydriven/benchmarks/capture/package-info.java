/**
 * The driver layer's input: the statements one service request really executes, captured
 * from the service's own session while the request runs, and replayed with the raw driver
 * (prepared, asynchronous) in the same order and with the same concurrency.
 */
package dev.querydriven.benchmarks.capture;
