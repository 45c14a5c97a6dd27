/**
 * The write intents wired into a Spring Boot service that declares its replayers: the
 * record, the sweeper on a schedule, their table (created by the service's schema
 * migrations), the graceful shutdown that lets the changes in flight finish, metrics and
 * health.
 */
package dev.querydriven.writeintents.spring;
