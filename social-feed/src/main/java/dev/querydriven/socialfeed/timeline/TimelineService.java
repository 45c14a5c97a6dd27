package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketCursor;
import dev.querydriven.modeling.bucket.MultiBucketReader;
import dev.querydriven.modeling.bucket.ReadOrder;
import dev.querydriven.modeling.catalog.ServesQuery;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.socialfeed.paging.PostCursors;
import dev.querydriven.socialfeed.paging.PostPosition;
import dev.querydriven.socialfeed.post.PostService;
import dev.querydriven.socialfeed.post.PostsByUserRow;
import dev.querydriven.socialfeed.user.UserService;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Reads a home timeline (Q6): the fanned-out entries of the reader's
 * {@code user_timeline} days, newest first, minus the authors the reader unfollowed,
 * merged with the recent posts of the high-fanout authors the reader follows.
 *
 * <p>
 * Cost of a page: one read of the reader's hidden authors (Q15) and one of their
 * high-fanout authors (Q14), then the timeline's days from the newest back, one partition
 * at a time until the page is full (at most the retention's days, reached only by a
 * timeline with few entries), plus, per high-fanout author followed, their months of
 * {@code posts_by_user} within the window (one or two partitions each). Every read
 * restricts a full partition key.
 */
@Service
class TimelineService {

	/** High-fanout authors read in parallel for one page. */
	private static final int PULL_CONCURRENCY = 8;

	private final TimelineRepository timelines;

	private final PostService posts;

	private final UserService users;

	private final PostCursors cursors;

	private final TimelineProperties properties;

	private final DistributionSummary pulledAuthors;

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
			PostPosition position = this.cursors.decodePosition(scope, cursor);
			Instant oldest = now.minus(this.properties.retention());
			if (position != null && position.time().isBefore(oldest)) {
				return this.users.require(userId, "userId").thenReturn(new Page<UserTimelineRow>(List.of(), null));
			}
			Mono<Map<UUID, TimelineHiddenAuthorsRow>> hidden = this.timelines.findHiddenAuthors(userId)
				.collectMap(TimelineHiddenAuthorsRow::authorId);
			Mono<List<HighFanoutFollowingByUserRow>> pulled = this.timelines.findHighFanoutFollowing(userId)
				.collectList();
			return this.users.require(userId, "userId").then(Mono.zip(hidden, pulled)).flatMap((sources) -> {
				this.pulledAuthors.record(sources.getT2().size());
				Mono<TimelineMerge.Source> own = visibleEntries(userId, oldest, position, now, limit, sources.getT1(),
						new ArrayList<>());
				Flux<TimelineMerge.Source> merged = Flux.fromIterable(sources.getT2())
					.flatMap((author) -> pulledPosts(userId, author, oldest, position, now, limit), PULL_CONCURRENCY);
				return Flux.merge(own, merged).collectList();
			})
				.map((all) -> TimelineMerge.merge(all, limit))
				.map((page) -> new Page<>(page.entries(), page.more()
						? this.cursors.encodePosition(scope, page.entries().get(page.entries().size() - 1).position())
						: null));
		});
	}

	/**
	 * The reader's fanned-out entries after {@code position}, without hidden authors:
	 * reads page after page of the timeline's days until {@code limit} visible entries
	 * are found or the window is exhausted.
	 */
	private Mono<TimelineMerge.Source> visibleEntries(UUID userId, Instant oldest, PostPosition position, Instant now,
			int limit, Map<UUID, TimelineHiddenAuthorsRow> hidden, List<UserTimelineRow> found) {
		Instant to = ((position != null) ? position.time() : now).plusNanos(1);
		BucketCursor<PostPosition> cursor = (position != null)
				? new BucketCursor<>(Bucket.of(TimelineRepository.TIMELINE_BUCKET, position.time()), position) : null;
		return visibleEntries(userId, oldest, to, cursor, limit, hidden, found);
	}

	private Mono<TimelineMerge.Source> visibleEntries(UUID userId, Instant oldest, Instant to,
			BucketCursor<PostPosition> cursor, int limit, Map<UUID, TimelineHiddenAuthorsRow> hidden,
			List<UserTimelineRow> found) {
		return MultiBucketReader
			.range((slice, after, max) -> this.timelines.findEntries(userId, slice, after, max),
					UserTimelineRow::position, TimelineRepository.TIMELINE_BUCKET, oldest, to, ReadOrder.NEWEST_FIRST,
					limit, cursor)
			.flatMap((page) -> {
				page.items().stream().filter((entry) -> isVisible(entry, hidden)).forEach(found::add);
				if (found.size() >= limit || page.next() == null) {
					return Mono.just(new TimelineMerge.Source(found, page.next() != null));
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
	private Mono<TimelineMerge.Source> pulledPosts(UUID userId, HighFanoutFollowingByUserRow author, Instant oldest,
			PostPosition position, Instant now, int limit) {
		Instant from = author.since().isAfter(oldest) ? author.since() : oldest;
		return this.posts.postsOfAuthor(author.authorId(), from, position, now, limit)
			.map((page) -> new TimelineMerge.Source(
					page.items().stream().map((post) -> toEntry(userId, post)).collect(Collectors.toList()),
					page.next() != null));
	}

	private static UserTimelineRow toEntry(UUID userId, PostsByUserRow post) {
		return new UserTimelineRow(userId, Bucket.of(TimelineRepository.TIMELINE_BUCKET, post.postTime()).date(),
				post.postTime(), post.postId(), post.userId(), post.content(), post.hashtags());
	}

}
