package dev.querydriven.writeintents.spring;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the write intents ({@code querydriven.dual-write.intents.*}).
 *
 * @param maxInFlight the most changes running at once; beyond it a change is refused with
 * a 503 before anything is written
 * @param deadline how long a change may run before it is stopped and left to the sweeper,
 * which replays intents older than this
 * @param shards partitions per minute of {@code write_intents}
 * @param sweepInterval the pause between two passes of the sweeper
 * @param drainTimeout how long a graceful shutdown waits for the changes in flight
 * @param stuckAfter how old an unfinished change may get before the health reports DOWN
 */
@ConfigurationProperties("querydriven.dual-write.intents")
record WriteIntentsProperties(@DefaultValue("1000") int maxInFlight, @DefaultValue("10s") Duration deadline,
		@DefaultValue("4") int shards, @DefaultValue("5s") Duration sweepInterval,
		@DefaultValue("20s") Duration drainTimeout, @DefaultValue("10m") Duration stuckAfter) {

}
