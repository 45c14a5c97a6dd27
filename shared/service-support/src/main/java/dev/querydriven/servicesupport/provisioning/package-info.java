/**
 * The one-shot step that prepares a cluster for the services, run by an operator (or
 * Compose's {@code provision} container) with the superuser's login, which no service
 * ever holds: it replaces the superuser's well-known default password, creates each
 * service's keyspace and roles, and hands each service its two logins (the runtime role
 * and the migrator) as files that Spring Boot reads with {@code configtree:}.
 */
package dev.querydriven.servicesupport.provisioning;
