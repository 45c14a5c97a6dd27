/**
 * Creates that happen once per {@code Idempotency-Key}: the key fixes the id of what a
 * create makes, so a retry makes the same thing again instead of a second one.
 */
package dev.querydriven.servicesupport.idempotency;
