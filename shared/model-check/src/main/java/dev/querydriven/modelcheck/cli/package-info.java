/**
 * The stand-alone model checker: a runnable jar that starts a temporary Cassandra node,
 * runs anyone's schema file as {@code cqlsh -f} would, and judges a file of the queries
 * the application runs, with optional sizing facts, printing the report as Markdown or
 * JSON.
 */
package dev.querydriven.modelcheck.cli;
