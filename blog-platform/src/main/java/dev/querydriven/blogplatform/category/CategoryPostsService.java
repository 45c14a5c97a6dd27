package dev.querydriven.blogplatform.category;

import java.util.ArrayList;
import java.util.List;

import dev.querydriven.blogplatform.post.PostPosition;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketCursor;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.bucket.MultiBucketReader;
import dev.querydriven.servicesupport.web.CursorCodec;
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
 * reader paging through a category while the reads cut over continues where it stopped.
 */
@Service
class CategoryPostsService {

	private final LegacyCategoryPostsRepository legacy;

	private final CategoryPostsRepository bucketed;

	private final CategoryRouting routing;

	private final CursorCodec cursors;

	private final DistributionSummary partitionsRead;

	CategoryPostsService(LegacyCategoryPostsRepository legacy, CategoryPostsRepository bucketed,
			CategoryRouting routing, CursorCodec cursors, MeterRegistry registry) {
		this.legacy = legacy;
		this.bucketed = bucketed;
		this.routing = routing;
		this.cursors = cursors;
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
			PostPosition after = (cursor != null) ? PostPosition.parse(this.cursors.decodeValues(scope, cursor), 0)
					: null;
			// One row more than the page tells whether another page exists.
			return this.routing.current()
				.flatMap((tables) -> tables.readsBucketed() ? readBucketed(category, after, limit + 1)
						: readLegacy(category, after, limit + 1))
				.map((items) -> page(scope, items, limit));
		});
	}

	private Mono<List<CategoryPost>> readLegacy(String category, PostPosition after, int limit) {
		return this.legacy.findLatestByCategory(category, after, limit)
			.map(PostsByCategoryV1Row::toCategoryPost)
			.collectList();
	}

	/**
	 * Walks the category's month partitions, newest first, one at a time, stopping when
	 * the page is full: exactly the months the index lists, so no month with posts is
	 * ever skipped and no guess bounds the walk.
	 */
	private Mono<List<CategoryPost>> readBucketed(String category, PostPosition after, int limit) {
		return this.bucketed.findMonths(category).collectList().flatMap((months) -> {
			BucketCursor<PostPosition> resume = null;
			List<Bucket> walk = months;
			if (after != null) {
				Bucket month = Bucket.of(PostsByCategoryRow.GRANULARITY, after.createdAt());
				resume = new BucketCursor<>(month, after);
				walk = new ArrayList<>();
				walk.add(month);
				months.stream().filter((bucket) -> bucket.compareTo(month) < 0).forEach(walk::add);
			}
			List<BucketSlice> slices = walk.stream().map(BucketSlice::of).toList();
			return MultiBucketReader.walk((slice, position, wanted) -> this.bucketed.findLatestInMonth(category,
					slice.bucket(), position, wanted), (row) -> new PostPosition(row.createdAt(), row.postId()), slices,
					limit, resume);
		})
			.doOnNext((page) -> this.partitionsRead.record(page.partitionsRead()))
			.map((page) -> page.items().stream().map(PostsByCategoryRow::toCategoryPost).toList());
	}

	private Page<CategoryPost> page(String scope, List<CategoryPost> items, int limit) {
		List<CategoryPost> page = items.subList(0, Math.min(limit, items.size()));
		String next = null;
		if (items.size() > limit) {
			CategoryPost last = page.get(page.size() - 1);
			next = this.cursors.encode(scope, new PostPosition(last.createdAt(), last.postId()).values());
		}
		return new Page<>(page, next);
	}

}
