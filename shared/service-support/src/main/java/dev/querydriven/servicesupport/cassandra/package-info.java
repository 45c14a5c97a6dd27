/**
 * How a service reaches its keyspace: an embedded node when nothing else is configured,
 * its own non-superuser role (so that the guardrails bind it), and versioned CQL
 * migrations applied at startup before any other use of the session.
 */
package dev.querydriven.servicesupport.cassandra;
