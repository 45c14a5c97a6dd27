package dev.querydriven.servicesupport.data;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Speculative reads ({@code querydriven.cassandra.speculative-reads.*}): how long a plain
 * read waits for its node before the driver sends a copy to the next one, and how many
 * executions a read may have in all ({@link ReadsOnlySpeculativeExecutionPolicy}).
 *
 * @param delay how long a read waits before its copy is sent: near the 99th percentile of
 * a read's latency under load, so that about one read in a hundred gets a copy (the
 * module's README says how the default was measured)
 * @param maxExecutions the executions a read may have, the first included: 2 bounds the
 * extra load at double the reads; 1 turns speculation off
 */
@ConfigurationProperties("querydriven.cassandra.speculative-reads")
record SpeculativeReadsProperties(@DefaultValue("20ms") Duration delay, @DefaultValue("2") int maxExecutions) {

	SpeculativeReadsProperties {
		if (delay.isNegative()) {
			throw new IllegalArgumentException("querydriven.cassandra.speculative-reads.delay must not be negative");
		}
		if (maxExecutions < 1) {
			throw new IllegalArgumentException(
					"querydriven.cassandra.speculative-reads.max-executions must be at least 1 (1: no speculation)");
		}
	}

}
