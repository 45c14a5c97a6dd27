/**
 * How the services reach Cassandra through Spring Data: one reactive session under every
 * template and repository, which prepares each statement text once and keeps it, and lets
 * interceptors (the statement recorder, a test's failure injection) see each statement
 * before it is sent; and the driver under it, which sends a second copy of a slow plain
 * read to another node, and of nothing else.
 */
package dev.querydriven.servicesupport.data;
