package dev.querydriven.writeintents.spring;

import java.time.Duration;
import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Fault injection for the tests that prove a change survives its process
 * ({@code querydriven.testing.*}). A service refuses to start with either set unless the
 * {@code faults} profile is active: a production service can never halt itself by a stray
 * setting.
 *
 * @param haltAfter the kinds of change (e.g. {@code order-placed}) after whose source
 * write the JVM halts, as a SIGKILL would end it
 * @param delayCopies how long to wait between a change's source write and its copies
 */
@ConfigurationProperties("querydriven.testing")
record TestingHooksProperties(@DefaultValue Set<String> haltAfter, @DefaultValue("0s") Duration delayCopies) {

}
