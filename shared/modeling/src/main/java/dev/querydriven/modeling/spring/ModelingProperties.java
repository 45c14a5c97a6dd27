package dev.querydriven.modeling.spring;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the dual writer ({@code querydriven.dual-write.*}).
 *
 * @param reconcileInterval the pause between two reconciliation passes: how long a copy
 * whose write outlived its retries stays behind at most, while the database answers
 * @param reconcilerCapacity the most failed copy writes held for replay at once; beyond
 * it new ones are dropped (logged with their statements) and the health turns DOWN
 * @param intents the durable record of the changes in flight
 */
@ConfigurationProperties("querydriven.dual-write")
record ModelingProperties(@DefaultValue("5s") Duration reconcileInterval, @DefaultValue("10000") int reconcilerCapacity,
		@DefaultValue Intents intents) {

	/**
	 * The write intents ({@code querydriven.dual-write.intents.*}).
	 *
	 * @param maxInFlight the most changes running at once; beyond it a change is refused
	 * with a 503 before anything is written
	 * @param deadline how long a change may run before it is stopped and left to the
	 * sweeper, which replays intents older than this
	 * @param shards partitions per minute of {@code write_intents}
	 * @param sweepInterval the pause between two passes of the sweeper
	 * @param drainTimeout how long a graceful shutdown waits for the changes in flight
	 * @param stuckAfter how old an unfinished change may get before the health reports
	 * DOWN
	 */
	record Intents(@DefaultValue("1000") int maxInFlight, @DefaultValue("10s") Duration deadline,
			@DefaultValue("4") int shards, @DefaultValue("5s") Duration sweepInterval,
			@DefaultValue("20s") Duration drainTimeout, @DefaultValue("10m") Duration stuckAfter) {

	}

}
