package dev.querydriven.servicesupport.data;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Speculative reads ({@code querydriven.cassandra.speculative-reads.*}): how long a plain
 * read waits for its node before the driver sends a copy to the next one, and how many
 * executions a read may have in all ({@link ReadsOnlySpeculativeExecutionPolicy}).
 *
 * @param delay how long a read waits before its next copy is sent. 20 ms lies between the
 * 99th percentiles the benchmarks measured on one node under full load: 15 ms for one
 * read (the raw driver reading a user's orders), 22 ms for a request waiting on two reads
 * in parallel. So about one read in a hundred, or fewer, gets a second copy, while a read
 * stalled by a slow node waits 20 ms instead of the 2-second request timeout
 * @param maxExecutions the executions a read may have, the first one included: 2, one
 * copy at most, so that speculation can at worst double the reads of an overloaded
 * cluster; 1 turns speculation off
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
