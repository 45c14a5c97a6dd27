package dev.querydriven.socialfeed.migration;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The pacing of the table-migration engine and how the service's backfills run
 * ({@code querydriven.social-feed.migration.*}); every instance of the service must use
 * the same pacing.
 *
 * @param refreshInterval the oldest phase an instance acts on: it follows a phase change
 * within this time
 * @param settleMargin added to the refresh interval before a backfill may start (writes
 * in flight, clock differences)
 * @param recheckDelay how long verify waits before re-checking a mismatch (a request's
 * write may be in flight)
 * @param tokenRanges how many token ranges a backfill or verify cuts the ring into: the
 * unit of its checkpoints (a resumed job redoes at most the ranges in flight) and of its
 * progress. 256 suit a production table; the tiny tables of tests need far fewer
 * @param autoRun whether the service drives every backfill that never finished to its
 * end, from its start ({@link BackfillAutopilot}): on by default, since until then
 * follower lists and fan-outs miss the follows written before the upgrade. Off, an
 * operator drives each step through the {@code migrations} actuator endpoint
 * @param pollInterval how often the autopilot looks at a backfill it drives
 * @param dropFollowersByUser whether the schema migrations drop the unsharded
 * {@code followers_by_user} ({@code cql-finish/follower-shards}); refused at startup
 * unless the {@code follower-shards} backfill reached {@code NEW_ONLY}
 */
@ConfigurationProperties("querydriven.social-feed.migration")
record MigrationProperties(@DefaultValue("10s") Duration refreshInterval, @DefaultValue("5s") Duration settleMargin,
		@DefaultValue("1s") Duration recheckDelay, @DefaultValue("256") int tokenRanges,
		@DefaultValue("true") boolean autoRun, @DefaultValue("5s") Duration pollInterval,
		@DefaultValue("false") boolean dropFollowersByUser) {

	MigrationProperties {
		if (tokenRanges < 1) {
			throw new IllegalArgumentException("querydriven.social-feed.migration.token-ranges must be at least 1");
		}
		if (pollInterval.isNegative() || pollInterval.isZero()) {
			throw new IllegalArgumentException("querydriven.social-feed.migration.poll-interval must be positive");
		}
	}

}
