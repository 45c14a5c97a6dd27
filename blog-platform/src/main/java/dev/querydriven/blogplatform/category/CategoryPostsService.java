package dev.querydriven.blogplatform.category;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.querydriven.blogplatform.post.PostPosition;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketCursor;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.bucket.MultiBucketReader;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.Page;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Pages through a category's posts, newest first, from the table the migration's phase
 * says: the legacy single partition, or the month buckets.
 *
 * <p>
 * Both tables order a category's posts by {@code (created_at DESC, post_id DESC)}, and a
 * post's month follows from its {@code created_at}, so one cursor format serves both: a
 * reader paging through a category while the reads cut over continues where it stopped. A
 * page of the month buckets reads at most {@link CategoryProperties#maxBucketsPerPage()}
 * months; one that reaches the cap before it is full ends with a cursor naming the next
 * month alone, from which the next page starts (on the legacy table too, should reads go
 * back to it: everything older than that month's end).
 */
@Service
class CategoryPostsService {

	private final LegacyCategoryPostsRepository legacy;

	private final CategoryPostsRepository bucketed;

	private final CategoryRouting routing;

	private final CursorCodec cursors;

	private final int maxBucketsPerPage;

	private final DistributionSummary partitionsRead;

	CategoryPostsService(LegacyCategoryPostsRepository legacy, CategoryPostsRepository bucketed,
			CategoryRouting routing, CursorCodec cursors, CategoryProperties properties, MeterRegistry registry) {
		this.legacy = legacy;
		this.bucketed = bucketed;
		this.routing = routing;
		this.cursors = cursors;
		this.maxBucketsPerPage = properties.maxBucketsPerPage();
		this.partitionsRead = DistributionSummary.builder("querydriven.blogplatform.category.partitions-read")
			.description("Month partitions of posts_by_category read to fill one page of a category")
			.register(registry);
	}

	/**
	 * A page of a category's posts, newest first.
	 * @param category the category
	 * @param cursor the previous page's {@code next}, or {@code null}
	 * @param limit the page size
	 * @return the page; {@code next} is {@code null} on the last page
	 */
	Mono<Page<CategoryPost>> findLatest(String category, String cursor, int limit) {
		String scope = "category-posts:" + category;
		return Mono.defer(() -> {
			Resume from = (cursor != null) ? Resume.parse(this.cursors.decodeValues(scope, cursor)) : Resume.START;
			// One row more than the page tells whether another page exists.
			return this.routing.current()
				.flatMap((tables) -> tables.readsBucketed() ? readBucketed(category, from, limit + 1)
						: readLegacy(category, from, limit + 1))
				.map((read) -> page(scope, read, limit));
		});
	}

	private Mono<Read> readLegacy(String category, Resume from, int limit) {
		return this.legacy.findLatestByCategory(category, from.legacyPosition(), limit)
			.map(PostsByCategoryV1Row::toCategoryPost)
			.collectList()
			.map((items) -> new Read(items, null));
	}

	/**
	 * Walks the category's month partitions, newest first, one at a time, stopping when
	 * the page is full or after {@link CategoryProperties#maxBucketsPerPage()} months:
	 * exactly the months the index lists, so no month with posts is ever skipped and no
	 * guess bounds the walk; the cap only spreads it over requests.
	 */
	private Mono<Read> readBucketed(String category, Resume from, int limit) {
		return this.bucketed.findMonths(category).collectList().flatMap((months) -> {
			BucketCursor<PostPosition> resume = null;
			List<Bucket> walk = months;
			if (from.month() != null) {
				Bucket month = from.month();
				resume = (from.after() != null) ? new BucketCursor<>(month, from.after()) : BucketCursor.startOf(month);
				walk = new ArrayList<>();
				walk.add(month);
				months.stream().filter((bucket) -> bucket.compareTo(month) < 0).forEach(walk::add);
			}
			List<BucketSlice> slices = walk.stream().map(BucketSlice::of).toList();
			return MultiBucketReader.walk(
					(slice, position, wanted) -> this.bucketed.findLatestInMonth(category, slice.bucket(), position,
							wanted),
					(row) -> new PostPosition(row.createdAt(), row.postId()), slices, limit, this.maxBucketsPerPage,
					resume);
		}).doOnNext((page) -> this.partitionsRead.record(page.partitionsRead())).map((page) -> {
			List<CategoryPost> items = page.items().stream().map(PostsByCategoryRow::toCategoryPost).toList();
			// A page short of its one extra row that still has a next bucket stopped at
			// its cap: the next page starts at the beginning of that month.
			Bucket capped = (items.size() < limit && page.next() != null) ? page.next().bucket() : null;
			return new Read(items, capped);
		});
	}

	private Page<CategoryPost> page(String scope, Read read, int limit) {
		List<CategoryPost> items = read.items();
		List<CategoryPost> page = items.subList(0, Math.min(limit, items.size()));
		String next = null;
		if (items.size() > limit) {
			CategoryPost last = page.get(page.size() - 1);
			next = this.cursors.encode(scope, new PostPosition(last.createdAt(), last.postId()).values());
		}
		else if (read.nextMonth() != null) {
			next = this.cursors.encode(scope, List.of(read.nextMonth().key()));
		}
		return new Page<>(page, next);
	}

	/**
	 * What one read found: the rows (up to the page size plus one), and the month the
	 * next page starts in when the walk stopped at its cap.
	 */
	private record Read(List<CategoryPost> items, Bucket nextMonth) {

	}

	/**
	 * Where a page starts: at the top, after a post (its month follows from its time), or
	 * at the beginning of a month (the previous page stopped at its cap).
	 */
	private record Resume(Bucket month, PostPosition after) {

		static final Resume START = new Resume(null, null);

		/** Nothing sorts before the nil UUID at the same time in a tuple comparison. */
		private static final UUID LOWEST = new UUID(0, 0);

		static Resume parse(List<String> values) {
			if (values.size() == 1) {
				try {
					return new Resume(Bucket.parse(PostsByCategoryRow.GRANULARITY, values.get(0)), null);
				}
				catch (IllegalArgumentException ex) {
					throw new InvalidRequestException("cursor", "is not a cursor issued for this list");
				}
			}
			PostPosition after = PostPosition.parse(values, 0);
			return new Resume(Bucket.of(PostsByCategoryRow.GRANULARITY, after.createdAt()), after);
		}

		/**
		 * The position to continue after in the legacy table: after the post, or, from
		 * the beginning of a month, everything older than the month's end.
		 */
		PostPosition legacyPosition() {
			if (this.month == null || this.after != null) {
				return this.after;
			}
			return new PostPosition(this.month.end(), LOWEST);
		}

	}

}
