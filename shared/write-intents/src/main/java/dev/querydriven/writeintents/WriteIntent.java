package dev.querydriven.writeintents;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import dev.querydriven.modeling.time.TimeSource;

/**
 * A change a service began, as recorded in {@code write_intents} before its first write:
 * enough for a {@link IntentReplayer} to finish it from the source of truth should the
 * change be cut short.
 *
 * @param bucket the minute the change began (the partition, with the shard)
 * @param shard which of the minute's partitions holds it
 * @param id when it began, and which intent it is (a timeuuid)
 * @param kind what kind of change, naming the replayer that finishes it (e.g.
 * {@code order-placed})
 * @param sourceKey the key of the source row the change writes (column name to value)
 * @param removedKeys keys of copies the change removes or moves away from, which the
 * source may no longer lead to once the change is done (a deleted post's hashtags)
 * @param timestampMicros the change's write timestamp, or 0 when its copies take the
 * source's
 * @param completedAt when the change was known finished, or {@code null}
 */
public record WriteIntent(Instant bucket, int shard, UUID id, String kind, Map<String, String> sourceKey,
		List<Map<String, String>> removedKeys, long timestampMicros, Instant completedAt) {

	public WriteIntent {
		Objects.requireNonNull(bucket, "bucket");
		Objects.requireNonNull(id, "id");
		Objects.requireNonNull(kind, "kind");
		sourceKey = Map.copyOf(sourceKey);
		removedKeys = List.copyOf(removedKeys);
	}

	/**
	 * When the change began.
	 * @return the instant of the intent's timeuuid
	 */
	public Instant begunAt() {
		return TimeSource.instantOf(this.id);
	}

	/**
	 * Whether the change is known finished.
	 * @return {@code true} once its completion was written
	 */
	public boolean completed() {
		return this.completedAt != null;
	}

	/**
	 * One value of the source key.
	 * @param column the key column
	 * @return its value
	 * @throws IllegalStateException when the intent has no such column
	 */
	public String key(String column) {
		String value = this.sourceKey.get(column);
		if (value == null) {
			throw new IllegalStateException("Intent " + this.id + " (" + this.kind + ") has no key column " + column);
		}
		return value;
	}

	/**
	 * One value of the source key, as a UUID.
	 * @param column the key column
	 * @return its value
	 */
	public UUID uuid(String column) {
		return UUID.fromString(key(column));
	}

	@Override
	public String toString() {
		return "WriteIntent[" + this.kind + " " + this.sourceKey + ", id=" + this.id + "]";
	}

}
