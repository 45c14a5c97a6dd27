/**
 * Just enough of CQL to judge a model: a lexer, a reader of the data-manipulation
 * statements (tables, restrictions, orderings, assignments, batches) and of the heads of
 * schema statements (what they define, in which keyspace), and a script splitter that
 * reads files as cqlsh does. Cassandra itself validates every statement when the check
 * runs or prepares it.
 */
package dev.querydriven.modelcheck.cql;
