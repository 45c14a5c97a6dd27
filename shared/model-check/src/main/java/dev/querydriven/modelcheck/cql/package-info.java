/**
 * Just enough of CQL to judge a model: a lexer, a reader of the data-manipulation
 * statements (tables, restrictions, orderings, assignments, batches) and a script
 * splitter. Cassandra itself validates every statement when the check prepares it.
 */
package dev.querydriven.modelcheck.cql;
