package dev.querydriven.modeling.fanout;

import java.util.List;

/**
 * One page of a merged timeline.
 *
 * @param items the items, newest first
 * @param next where the next page resumes, or {@code null} when every source is known to
 * be exhausted
 * @param <T> the item type
 */
public record TimelinePage<T>(List<T> items, TimelinePosition next) {

	public TimelinePage {
		items = List.copyOf(items);
	}

	public boolean hasNext() {
		return this.next != null;
	}

}
