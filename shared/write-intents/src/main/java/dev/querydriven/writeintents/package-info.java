/**
 * Write intents: the durable record of every change a service begins, written before the
 * change's source of truth, so that a change cut short anywhere later (a killed process,
 * a copy that outlived its retries, a lost coordinator, a client that disconnected) is
 * found by the {@link dev.querydriven.writeintents.IntentSweeper} and finished from the
 * source of truth by the {@link dev.querydriven.writeintents.IntentReplayer} of its kind.
 *
 * <p>
 * The table follows the rules it helps enforce: partitioned by a time bucket and a shard
 * so that no partition grows without bound, clustered by a timeuuid, rows that expire
 * (time-window compaction) and are never deleted (a finished change is a cell written),
 * so that the sweeper never reads tombstones.
 */
package dev.querydriven.writeintents;
