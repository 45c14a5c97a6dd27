package dev.querydriven.benchmarks.api;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The keys of a loaded data set that workloads draw their inputs from, e.g. the ids of
 * the users who have a timeline. Written to the HTTP plan, so that the load generator's
 * JVM draws the same inputs.
 *
 * @param keys lists of keys by name
 */
public record DataSet(Map<String, List<String>> keys) {

	public DataSet {
		keys = Map.copyOf(keys);
	}

	/**
	 * The {@code index}-th key of a list, wrapping around.
	 * @param name the list
	 * @param index any non-negative number
	 * @return the key
	 */
	public String key(String name, long index) {
		List<String> list = this.keys.get(name);
		if (list == null || list.isEmpty()) {
			throw new IllegalStateException("The data set has no keys named " + name);
		}
		return list.get((int) (index % list.size()));
	}

	/**
	 * The {@code index}-th key of a list, as a UUID.
	 * @param name the list
	 * @param index any non-negative number
	 * @return the key
	 */
	public UUID uuid(String name, long index) {
		return UUID.fromString(key(name, index));
	}

	/**
	 * How many keys a list holds.
	 * @param name the list
	 * @return its size
	 */
	public int size(String name) {
		List<String> list = this.keys.get(name);
		return (list != null) ? list.size() : 0;
	}

}
