/**
 * Demo data for dev runs (the {@code seed.enabled} setting of the service, off in tests):
 * a few owners with a few notes each, written through the service.
 */
package ${package}.seed;
