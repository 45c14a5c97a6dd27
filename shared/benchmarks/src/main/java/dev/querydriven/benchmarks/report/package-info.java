/**
 * The results of a run: one JSON file with every measured window, a Markdown summary with
 * the ratios against the raw driver and the goals, charts, and flame graphs of the layers
 * that missed their goal.
 */
package dev.querydriven.benchmarks.report;
