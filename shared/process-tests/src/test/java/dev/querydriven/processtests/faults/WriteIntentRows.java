package dev.querydriven.processtests.faults;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;

/**
 * A service's write intents (shared/write-intents, {@code write_intents}), read as the
 * test's reader: the changes begun since a moment that are not finished yet. A change a
 * fault cut short stays unfinished until the sweeper has finished it; the read-back waits
 * for none to be left.
 */
final class WriteIntentRows {

	/**
	 * Partitions per minute of {@code write_intents}: the services' default, set on the
	 * JVMs explicitly ({@code querydriven.dual-write.intents.shards}) so that these reads
	 * cover every partition.
	 */
	static final int SHARDS = 4;

	private static final String INTENTS = "SELECT completed_at FROM %s.write_intents WHERE bucket = ? AND shard = ?";

	private WriteIntentRows() {
	}

	/**
	 * The changes of a service begun since a moment and not finished, read at
	 * {@code LOCAL_QUORUM} (every node up).
	 * @param session a session as the reader
	 * @param keyspace the service's keyspace
	 * @param since the moment, e.g. a scenario's start
	 * @return how many
	 */
	static int unfinished(CqlSession session, String keyspace, Instant since) {
		int unfinished = 0;
		Instant now = Instant.now();
		for (Instant minute = since.truncatedTo(ChronoUnit.MINUTES); !minute.isAfter(now); minute = minute.plus(1,
				ChronoUnit.MINUTES)) {
			for (int shard = 0; shard < SHARDS; shard++) {
				SimpleStatement intents = SimpleStatement.newInstance(INTENTS.formatted(keyspace), minute, (byte) shard)
					.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);
				for (Row intent : session.execute(intents)) {
					if (intent.isNull("completed_at")) {
						unfinished++;
					}
				}
			}
		}
		return unfinished;
	}

}
