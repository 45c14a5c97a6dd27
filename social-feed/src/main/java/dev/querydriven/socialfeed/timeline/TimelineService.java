package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketCursor;
import dev.querydriven.modeling.bucket.MultiBucketReader;
import dev.querydriven.modeling.bucket.ReadOrder;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.socialfeed.paging.PostCursors;
import dev.querydriven.socialfeed.paging.TimelinePosition;
import dev.querydriven.socialfeed.post.PostService;
import dev.querydriven.socialfeed.post.PostsByUserRow;
import dev.querydriven.socialfeed.user.UserService;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Reads a home timeline (Q6): the fanned-out entries of the reader's
 * {@code user_timeline} days, newest first, minus the authors the reader unfollowed,
 * merged with the recent posts of the high-fanout authors the reader follows by
 * {@link HybridTimeline} (newest first, ties in Cassandra's uuid order, a post present in
 * two sources shown once).
 *
 * <p>
 * Cost of a page: one read of the reader's hidden authors (Q15) and one of their
 * high-fanout authors (Q14), then the timeline's days from the newest back, one partition
 * at a time until the page is full (at most the retention's days, reached only by a
 * timeline with few entries), plus, per high-fanout author followed, their months of
 * {@code posts_by_user} within the window (one to three partitions each: 30 days can
 * reach from January into March). The number of such authors is capped
 * ({@code querydriven.social-feed.timeline.max-pulled-authors}): a page's reads stay
 * bounded however many popular accounts the reader follows, at the price of leaving the
 * posts of the authors beyond the cap out of their timeline. Every read restricts a full
 * partition key.
 */
@Service
class TimelineService {

	/** High-fanout authors read in parallel for one page. */
	private static final int PULL_CONCURRENCY = 8;

	private static final HybridTimeline<UserTimelineRow> MERGE = new HybridTimeline<>(UserTimelineRow::position,
			UuidClusteringOrder.UUID_TYPE, PULL_CONCURRENCY);

	private final TimelineRepository timelines;

	private final PostService posts;

	private final UserService users;

	private final PostCursors cursors;

	private final TimelineProperties properties;

	private final DistributionSummary pulledAuthors;

	private final Counter cappedPages;

	TimelineService(TimelineRepository timelines, PostService posts, UserService users, PostCursors cursors,
			TimelineProperties properties, MeterRegistry registry) {
		this.timelines = timelines;
		this.posts = posts;
		this.users = users;
		this.cursors = cursors;
		this.properties = properties;
		this.pulledAuthors = DistributionSummary.builder("querydriven.socialfeed.timeline.pulled-authors")
			.description("High-fanout authors merged into one timeline page at read time")
			.register(registry);
		this.cappedPages = Counter.builder("querydriven.socialfeed.timeline.capped-pages")
			.description(
					"Timeline pages that left out high-fanout authors beyond querydriven.social-feed.timeline.max-pulled-authors")
			.register(registry);
	}

	/**
	 * A page of a reader's timeline, newest first.
	 * @param userId the reader
	 * @param cursor the previous page's cursor, or {@code null}
	 * @param limit the page size
	 * @param now the newest instant to read
	 * @return the page
	 */
	@ServesQuery({ "Q6", "Q14", "Q15" })
	Mono<Page<UserTimelineRow>> read(UUID userId, String cursor, int limit, Instant now) {
		String scope = "timeline:" + userId;
		return Mono.defer(() -> {
			TimelinePosition position = this.cursors.decodePosition(scope, cursor);
			Instant oldest = now.minus(this.properties.retention());
			if (position != null && position.time().isBefore(oldest)) {
				return this.users.require(userId, "userId").thenReturn(new Page<UserTimelineRow>(List.of(), null));
			}
			Mono<Map<UUID, TimelineHiddenAuthorsRow>> hidden = this.timelines.findHiddenAuthors(userId)
				.collectMap(TimelineHiddenAuthorsRow::authorId);
			int maxPulled = this.properties.maxPulledAuthors();
			Mono<List<HighFanoutFollowingByUserRow>> pulled = this.timelines
				.findHighFanoutFollowing(userId, maxPulled + 1)
				.collectList()
				.map((authors) -> capped(authors, maxPulled));
			return this.users.require(userId, "userId").then(Mono.zip(hidden, pulled)).flatMap((sources) -> {
				this.pulledAuthors.record(sources.getT2().size());
				TimelineSource<UserTimelineRow> own = (after, max) -> visibleEntries(userId, oldest, after, now, max,
						sources.getT1());
				List<TimelineSource<UserTimelineRow>> merged = sources.getT2()
					.stream()
					.map((author) -> (TimelineSource<UserTimelineRow>) (after, max) -> pulledPosts(userId, author,
							oldest, after, now, max))
					.toList();
				return MERGE.page(own, merged, position, limit);
			}).map((page) -> new Page<>(page.items(), this.cursors.encodePosition(scope, page.next())));
		});
	}

	/**
	 * The first {@code max} of the pulled authors read (one more was read to tell whether
	 * the cap left some out).
	 */
	private List<HighFanoutFollowingByUserRow> capped(List<HighFanoutFollowingByUserRow> authors, int max) {
		if (authors.size() <= max) {
			return authors;
		}
		this.cappedPages.increment();
		return authors.subList(0, max);
	}

	/**
	 * The reader's fanned-out entries after {@code after}, without hidden authors: reads
	 * page after page of the timeline's days until {@code limit} visible entries are
	 * found or the window is exhausted.
	 */
	private Flux<UserTimelineRow> visibleEntries(UUID userId, Instant oldest, TimelinePosition after, Instant now,
			int limit, Map<UUID, TimelineHiddenAuthorsRow> hidden) {
		Instant to = endOfMillisecond((after != null) ? after.time() : now);
		BucketCursor<TimelinePosition> cursor = (after != null)
				? new BucketCursor<>(Bucket.of(TimelineRepository.TIMELINE_BUCKET, after.time()), after) : null;
		return visibleEntries(userId, oldest, to, cursor, limit, hidden, new ArrayList<>())
			.flatMapMany(Flux::fromIterable);
	}

	private Mono<List<UserTimelineRow>> visibleEntries(UUID userId, Instant oldest, Instant to,
			BucketCursor<TimelinePosition> cursor, int limit, Map<UUID, TimelineHiddenAuthorsRow> hidden,
			List<UserTimelineRow> found) {
		return MultiBucketReader
			.range((slice, after, max) -> this.timelines.findEntries(userId, slice, after, max),
					UserTimelineRow::position, TimelineRepository.TIMELINE_BUCKET, oldest, to, ReadOrder.NEWEST_FIRST,
					limit, cursor)
			.flatMap((page) -> {
				page.items().stream().filter((entry) -> isVisible(entry, hidden)).forEach(found::add);
				if (found.size() >= limit || page.next() == null) {
					return Mono.just(found);
				}
				return visibleEntries(userId, oldest, to, page.next(), limit, hidden, found);
			});
	}

	private static boolean isVisible(UserTimelineRow entry, Map<UUID, TimelineHiddenAuthorsRow> hidden) {
		TimelineHiddenAuthorsRow marker = hidden.get(entry.authorId());
		return marker == null || !marker.hides(entry);
	}

	/**
	 * The recent posts of a high-fanout author the reader follows, in timeline shape:
	 * from when the reader started pulling them (no backfill), within the window.
	 */
	private Flux<UserTimelineRow> pulledPosts(UUID userId, HighFanoutFollowingByUserRow author, Instant oldest,
			TimelinePosition after, Instant now, int limit) {
		Instant from = author.since().isAfter(oldest) ? author.since() : oldest;
		return this.posts.postsOfAuthor(author.authorId(), from, after, now, limit)
			.flatMapMany((page) -> Flux.fromIterable(page.items()))
			.map((post) -> toEntry(userId, post));
	}

	private static UserTimelineRow toEntry(UUID userId, PostsByUserRow post) {
		return new UserTimelineRow(userId, Bucket.of(TimelineRepository.TIMELINE_BUCKET, post.postTime()).date(),
				post.postTime(), post.postId(), post.userId(), post.content(), post.hashtags());
	}

	/**
	 * A CQL timestamp has millisecond precision: the end of a range includes its
	 * millisecond.
	 */
	private static Instant endOfMillisecond(Instant instant) {
		return instant.truncatedTo(ChronoUnit.MILLIS).plusMillis(1);
	}

}
