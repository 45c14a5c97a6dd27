package dev.querydriven.socialfeed.timeline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;

import dev.querydriven.socialfeed.paging.TimelinePosition;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The read side of hybrid fan-out: a reader's timeline page is their fanned-out timeline
 * partition merged with the recent items of the high-follower authors they follow (whose
 * items were not fanned out, see {@link FanOutPolicy}), newest first, ties broken by id.
 *
 * <pre class="code">
 * HybridTimeline&lt;TimelineItem&gt; timeline = new HybridTimeline&lt;&gt;(TimelineItem::position, UuidClusteringOrder.UUID_TYPE);
 * timeline.page(
 *         (after, limit) -&gt; repository.findTimeline(readerId, after, limit),
 *         celebrities.stream().map((author) -&gt; (TimelineSource&lt;TimelineItem&gt;) (after, limit) -&gt;
 *                 repository.findLatestByAuthor(author, after, limit)).toList(),
 *         cursorPosition, 20);
 * </pre>
 *
 * <p>
 * Each page reads at most {@code limit} items from each source (one partition each, with
 * bounded concurrency), sorts them, shows an item present in several sources once (an
 * author's older items may have been fanned out before they crossed the threshold), and
 * keeps the newest {@code limit}. The page ends at the position of its last item; the
 * next page asks every source for items strictly older than that position, so the page
 * holds no per-source state and the position fits in a signed cursor
 * ({@link TimelinePosition#values()}). The cost of a page is one partition read per
 * source: keep the follower threshold high enough that readers follow few such authors.
 *
 * <p>
 * The merge order must be the tables' clustering order, including for ties: pass the
 * order of the id column ({@link UuidClusteringOrder}), or a resumed page would skip or
 * repeat items sharing a timestamp.
 *
 * <p>
 * Only {@link #newestFirst} is public: it is the order of every post list of the service,
 * against which the other features' tests check their pages. The merge itself serves this
 * package's timeline alone.
 *
 * @param <T> the item type
 */
public final class HybridTimeline<T> {

	private static final int DEFAULT_CONCURRENCY = 4;

	private final Function<T, TimelinePosition> positionOf;

	private final Comparator<TimelinePosition> order;

	private final int concurrency;

	/**
	 * A merge reading at most four sources at once.
	 * @param positionOf the position (time and id) of an item
	 * @param idOrder the clustering order of the id column, ascending
	 */
	HybridTimeline(Function<T, TimelinePosition> positionOf, Comparator<UUID> idOrder) {
		this(positionOf, idOrder, DEFAULT_CONCURRENCY);
	}

	/**
	 * A merge.
	 * @param positionOf the position (time and id) of an item
	 * @param idOrder the clustering order of the id column, ascending
	 * @param concurrency the most sources read at once
	 */
	HybridTimeline(Function<T, TimelinePosition> positionOf, Comparator<UUID> idOrder, int concurrency) {
		if (concurrency < 1) {
			throw new IllegalArgumentException("concurrency must be at least 1");
		}
		this.positionOf = Objects.requireNonNull(positionOf, "positionOf");
		this.order = newestFirst(idOrder);
		this.concurrency = concurrency;
	}

	/**
	 * The timeline order: newest first, then the greatest id first (as a table clustered
	 * {@code (time DESC, id DESC)} returns its rows).
	 * @param idOrder the clustering order of the id column, ascending
	 * @return the order of positions
	 */
	public static Comparator<TimelinePosition> newestFirst(Comparator<UUID> idOrder) {
		Objects.requireNonNull(idOrder, "idOrder");
		return Comparator.comparing(TimelinePosition::time).thenComparing(TimelinePosition::id, idOrder).reversed();
	}

	/**
	 * Reads one page.
	 * @param fannedOut the reader's own timeline partition
	 * @param mergedAuthors the recent items of each followed author who is not fanned out
	 * @param after where the previous page ended, or {@code null} for the first page
	 * @param limit the page size
	 * @return the page, newest first, with the position the next page resumes from
	 */
	Mono<TimelinePage<T>> page(TimelineSource<T> fannedOut, List<? extends TimelineSource<T>> mergedAuthors,
			TimelinePosition after, int limit) {
		if (limit < 1) {
			throw new IllegalArgumentException("limit must be at least 1");
		}
		List<TimelineSource<T>> sources = new ArrayList<>(mergedAuthors.size() + 1);
		sources.add(Objects.requireNonNull(fannedOut, "fannedOut"));
		sources.addAll(mergedAuthors);
		return Flux.fromIterable(sources)
			.flatMap((source) -> source.read(after, limit).take(limit).collectList(), this.concurrency)
			.collectList()
			.map((reads) -> merge(reads, after, limit));
	}

	private TimelinePage<T> merge(List<List<T>> reads, TimelinePosition after, int limit) {
		// Sorted by the timeline order and keyed by position: an item read from two
		// sources (same time, same id) is kept once.
		TreeMap<TimelinePosition, T> merged = new TreeMap<>(this.order);
		boolean someSourceMayHaveMore = false;
		for (List<T> read : reads) {
			someSourceMayHaveMore |= read.size() == limit;
			for (T item : read) {
				TimelinePosition position = this.positionOf.apply(item);
				// A source that ignores "after" must not repeat the previous page.
				if (after == null || this.order.compare(position, after) > 0) {
					merged.putIfAbsent(position, item);
				}
			}
		}
		List<T> items = new ArrayList<>(Math.min(limit, merged.size()));
		TimelinePosition last = null;
		for (Map.Entry<TimelinePosition, T> entry : merged.entrySet()) {
			if (items.size() == limit) {
				break;
			}
			items.add(entry.getValue());
			last = entry.getKey();
		}
		boolean more = merged.size() > limit || someSourceMayHaveMore;
		return new TimelinePage<>(items, (more && last != null) ? last : null);
	}

}
