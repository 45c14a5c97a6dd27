package dev.querydriven.writeintents;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A change about to begin, before its intent is recorded: its kind, the key of the source
 * row it writes, and what it removes.
 *
 * <pre class="code">
 * NewIntent.of("order-placed", "order_id", orderId)
 * NewIntent.of("post-deleted", "post_id", postId).removing(Map.of("hashtag", "cassandra"))
 * </pre>
 *
 * @param kind the kind of change, naming its replayer
 * @param sourceKey the source row's key, column name to value
 * @param removedKeys keys of copies the change removes
 * @param timestampMicros the change's write timestamp, or 0 when its copies take the
 * source's
 */
public record NewIntent(String kind, Map<String, String> sourceKey, List<Map<String, String>> removedKeys,
		long timestampMicros) {

	public NewIntent {
		Objects.requireNonNull(kind, "kind");
		if (sourceKey.isEmpty()) {
			throw new IllegalArgumentException("An intent names its source row's key");
		}
		sourceKey = Map.copyOf(sourceKey);
		removedKeys = List.copyOf(removedKeys);
	}

	/**
	 * A change of the source row with a one-column key.
	 * @param kind the kind of change
	 * @param column the key column
	 * @param value its value
	 * @return the intent
	 */
	public static NewIntent of(String kind, String column, Object value) {
		return new NewIntent(kind, Map.of(column, String.valueOf(value)), List.of(), 0);
	}

	/**
	 * A change of the source row with the given key.
	 * @param kind the kind of change
	 * @param sourceKey the key, column name to value
	 * @return the intent
	 */
	public static NewIntent of(String kind, Map<String, ?> sourceKey) {
		Map<String, String> key = new LinkedHashMap<>();
		sourceKey.forEach((column, value) -> key.put(column, String.valueOf(value)));
		return new NewIntent(kind, key, List.of(), 0);
	}

	/**
	 * The same intent, also naming a key the change removes.
	 * @param key the removed copy's key, column name to value
	 * @return a new intent
	 */
	public NewIntent removing(Map<String, ?> key) {
		Map<String, String> removed = new LinkedHashMap<>();
		key.forEach((column, value) -> removed.put(column, String.valueOf(value)));
		List<Map<String, String>> all = new ArrayList<>(this.removedKeys);
		all.add(removed);
		return new NewIntent(this.kind, this.sourceKey, all, this.timestampMicros);
	}

	/**
	 * The same intent with the change's write timestamp.
	 * @param micros microseconds since the epoch
	 * @return a new intent
	 */
	public NewIntent timestamp(long micros) {
		return new NewIntent(this.kind, this.sourceKey, this.removedKeys, micros);
	}

}
