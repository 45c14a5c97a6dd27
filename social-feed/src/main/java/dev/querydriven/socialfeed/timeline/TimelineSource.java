package dev.querydriven.socialfeed.timeline;

import dev.querydriven.socialfeed.paging.TimelinePosition;
import reactor.core.publisher.Flux;

/**
 * Reads one partition of a timeline, newest first: the reader's fanned-out timeline
 * ({@code SELECT ... FROM user_timeline WHERE user_id = ? AND (post_time, post_id) < (?, ?) LIMIT ?})
 * or one high-follower author's recent items (the same over {@code posts_by_author}).
 */
@FunctionalInterface
interface TimelineSource<T> {

	/**
	 * Reads up to {@code limit} items strictly older than {@code after} in the timeline
	 * order (the newest when {@code after} is {@code null}), newest first.
	 * @param after where the previous page ended, or {@code null}
	 * @param limit the most items to read
	 * @return the items, newest first
	 */
	Flux<T> read(TimelinePosition after, int limit);

}
