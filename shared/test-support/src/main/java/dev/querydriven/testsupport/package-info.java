/**
 * How a service is tested: one integration-test annotation per service
 * ({@link dev.querydriven.testsupport.ServiceIntegrationTest}) on the real node of
 * {@code test-cassandra}, a clock the tests move, failure injection, and the shared
 * checks (entities against the live schema, hand-written row readers, prepared
 * statements, partitions per request).
 */
package dev.querydriven.testsupport;
