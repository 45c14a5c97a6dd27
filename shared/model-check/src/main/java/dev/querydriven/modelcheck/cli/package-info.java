/**
 * The stand-alone model checker: a runnable jar that starts a temporary Cassandra node,
 * loads anyone's CQL schema, and judges a file of the queries the application runs, with
 * optional sizing facts.
 */
package dev.querydriven.modelcheck.cli;
