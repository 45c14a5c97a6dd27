package dev.querydriven.modelcheck.catalog;

import java.util.List;
import java.util.Map;

/**
 * The statements of the modeling library's write intents, which every service runs on the
 * two tables the library creates in its keyspace ({@code write_intents},
 * {@code write_intent_sweeps}): a service's catalogue adds them to its own, with the rate
 * of changes it expects, so that its model check judges these tables like the service's
 * own (one partition per minute and shard, bounded by the minute).
 *
 * <p>
 * Every statement runs at the level the library sets on it, {@code LOCAL_QUORUM}: the
 * copies' level in every service here, so that an intent is as durable as the copies it
 * stands for and a sweeper on any instance reads what another wrote.
 */
public final class WriteIntentsCatalog {

	/** Partitions per minute of {@code write_intents}: the library's default shards. */
	static final int SHARDS = 4;

	/** Minutes an intent lives: the table's time to live. */
	static final long MINUTES = 24 * 60;

	private WriteIntentsCatalog() {
	}

	/**
	 * The sweeper's reads.
	 * @param peakChangesPerSecond the most changes the service begins per second
	 * @return the access patterns, {@code I1} and {@code I2}
	 */
	public static List<AccessPattern> accessPatterns(double peakChangesPerSecond) {
		long rowsPerPartition = Math.max(1, Math.round(peakChangesPerSecond * 60 / SHARDS));
		return List.of(
				new AccessPattern("I1", "the changes begun in one minute, one shard at a time, for the sweeper",
						"write_intents",
						"SELECT intent_id, kind, source_key, removed_keys, write_timestamp, completed_at "
								+ "FROM write_intents WHERE bucket = ? AND shard = ?",
						"intent_id ASC",
						new SizingFacts(MINUTES * SHARDS, rowsPerPartition, 140, peakChangesPerSecond / SHARDS,
								"one partition per minute and shard (4 shards), kept a day: a row per change begun "
										+ "(timeuuid 16, kind ~16, source key ~60, removed keys ~40 on average, two "
										+ "timestamps), written when the change begins and once more when it "
										+ "completes; rows expire a day after they were written, a minute's at once, "
										+ "and the sweeper never reads a minute that old"))
					.at(Consistency.LOCAL_QUORUM),
				new AccessPattern("I2", "how far the sweeper has finished every change, as of a minute",
						"write_intent_sweeps", "SELECT swept_until FROM write_intent_sweeps WHERE minute = ?", "",
						SizingFacts.singleRow(MINUTES, 16, 1.0 / 5,
								"one row per minute, kept a day, rewritten by each pass of the sweeper (every few "
										+ "seconds per instance) during its minute; a pass reads the current minute's "
										+ "row or the one before, or walks back a minute at a time after an outage"))
					.at(Consistency.LOCAL_QUORUM));
	}

	/**
	 * The intents' writes.
	 * @return the write patterns, {@code IW1} to {@code IW3}
	 */
	public static List<WritePattern> writePatterns() {
		return List.of(
				new WritePattern("IW1", "Record a change before its first write, at the copies' consistency",
						"write_intents",
						"INSERT INTO write_intents (bucket, shard, intent_id, kind, source_key, removed_keys, "
								+ "write_timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)")
					.at(Consistency.LOCAL_QUORUM),
				new WritePattern("IW2", "Mark a change completed: a cell written, never a row deleted", "write_intents",
						"UPDATE write_intents SET completed_at = ? WHERE bucket = ? AND shard = ? AND intent_id = ?")
					.at(Consistency.LOCAL_QUORUM),
				new WritePattern("IW3", "Move the sweeper's watermark past the minutes whose changes are finished",
						"write_intent_sweeps", "UPDATE write_intent_sweeps SET swept_until = ? WHERE minute = ?")
					.at(Consistency.LOCAL_QUORUM));
	}

	/**
	 * The migration history of the write intents' tables, which the service's schema
	 * migrations keep apart from the service's own: a catalogue adds it to its
	 * {@code infrastructureTables()}.
	 * @return the tables, with why they exist
	 */
	public static Map<String, String> infrastructureTables() {
		return Map.of("write_intents__schema_migration",
				"applied schema versions of the write intents' tables (cassandra-migration)",
				"write_intents__schema_migration_leader",
				"the migration lock of the write intents' tables (cassandra-migration)");
	}

}
