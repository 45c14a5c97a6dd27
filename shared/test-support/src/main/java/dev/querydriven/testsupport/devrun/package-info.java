/**
 * The dev run: a service's test application (for example
 * {@code src/test/java/.../TestSocialFeedApplication}, started by
 * {@code ./mvnw -Prun -pl social-feed -am package} or {@code spring-boot:test-run}) adds
 * {@link dev.querydriven.testsupport.devrun.EmbeddedCassandraDevConfiguration} to the
 * service's own configuration and gets a real Cassandra node of its own. Nothing here is
 * on a production class path.
 */
package dev.querydriven.testsupport.devrun;
