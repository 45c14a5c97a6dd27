/**
 * The modeling library wired into a Spring Boot service by auto-configuration: one clock
 * and time source, the dual writer and its scheduled reconciler (a gauge and a health
 * component), and the adapter from Spring Data entities to the statements of a dual
 * write.
 *
 * <p>
 * Optional: the library's Spring dependencies are optional, so a plain driver user of the
 * patterns gets no Spring on its class path, and this configuration applies only where
 * Spring Data Cassandra's session and templates are beans. Every service here has them,
 * so every service gets the patterns wired one way.
 */
package dev.querydriven.modeling.spring;
