package dev.querydriven.socialfeed.timeline;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.socialfeed.paging.PostPosition;

/**
 * Merges the sources of a timeline page (the fanned-out entries and the recent posts of
 * each high-fanout author followed) into one list, newest first.
 *
 * <p>
 * Each source is already sorted and holds at most one page of posts after the page's
 * start position, so the first {@code limit} posts of the union are the page. A post both
 * fanned out and pulled (published while its author was being promoted) appears once.
 * This is the hybrid fan-out's read-side merge; it lives here until the shared
 * {@code dev.querydriven.modeling.fanout} package offers one.
 */
final class TimelineMerge {

	private TimelineMerge() {
	}

	/**
	 * Merges sorted sources.
	 * @param sources the sources, each newest first
	 * @param limit the page size
	 * @return the page and whether more entries may follow it
	 */
	static Source merge(List<Source> sources, int limit) {
		List<UserTimelineRow> all = new ArrayList<>();
		boolean more = false;
		for (Source source : sources) {
			all.addAll(source.entries());
			more |= source.more();
		}
		all.sort((left, right) -> PostPosition.NEWEST_FIRST.compare(left.position(), right.position()));
		Set<UUID> seen = new HashSet<>();
		List<UserTimelineRow> page = new ArrayList<>(Math.min(limit, all.size()));
		for (UserTimelineRow entry : all) {
			if (!seen.add(entry.postId())) {
				continue;
			}
			if (page.size() == limit) {
				more = true;
				break;
			}
			page.add(entry);
		}
		return new Source(page, more);
	}

	/**
	 * Timeline entries from one source, newest first.
	 *
	 * @param entries the entries
	 * @param more whether the source holds more entries after the last one
	 */
	record Source(List<UserTimelineRow> entries, boolean more) {

		Source {
			entries = List.copyOf(entries);
		}

	}

}
