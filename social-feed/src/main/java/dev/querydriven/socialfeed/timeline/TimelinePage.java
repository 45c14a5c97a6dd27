package dev.querydriven.socialfeed.timeline;

import java.util.List;

import dev.querydriven.socialfeed.paging.TimelinePosition;

/**
 * One page of a merged timeline.
 *
 * @param items the items, newest first
 * @param next where the next page resumes, or {@code null} when every source is known to
 * be exhausted
 * @param <T> the item type
 */
record TimelinePage<T>(List<T> items, TimelinePosition next) {

	TimelinePage {
		items = List.copyOf(items);
	}

	boolean hasNext() {
		return this.next != null;
	}

}
