package dev.querydriven.testsupport.hostile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the valid requests returned that hostile cases build on: a genuine next-page
 * cursor of every paged operation.
 */
final class RunState {

	private final Map<String, String> cursors = new LinkedHashMap<>();

	synchronized void cursor(String operation, String cursor) {
		this.cursors.put(operation, cursor);
	}

	synchronized String cursor(String operation) {
		String cursor = this.cursors.get(operation);
		if (cursor == null) {
			throw new IllegalStateException("No cursor of " + operation + ": its valid request must have a next page "
					+ "(the suite reads it with limit=1, so the list needs two items)");
		}
		return cursor;
	}

	/**
	 * A genuine cursor of another list, which this one must refuse.
	 * @param operation the operation the cursor is sent to
	 * @return a cursor of another operation, or, with only one paged operation, of the
	 * same one signed for another scope is not available: {@code null}
	 */
	synchronized String foreignCursor(String operation) {
		List<String> others = new ArrayList<>();
		this.cursors.forEach((other, cursor) -> {
			if (!other.equals(operation)) {
				others.add(cursor);
			}
		});
		return others.isEmpty() ? null : others.get(Math.floorMod(operation.hashCode(), others.size()));
	}

}
