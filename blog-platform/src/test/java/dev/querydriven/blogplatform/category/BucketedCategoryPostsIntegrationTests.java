package dev.querydriven.blogplatform.category;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.blogplatform.BlogPlatformIntegrationTest;
import dev.querydriven.blogplatform.BlogTables;
import dev.querydriven.blogplatform.post.PostsByIdRow;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.dualwrite.WriteStrategy;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.Page;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bucketed category table (Q5) and its month index (Q8) against the real node, with
 * the category feature routed as the migration's phases route it, independently of the
 * service's own migration state. Posts are written to both shapes (as while
 * dual-writing), so that the rows these tests leave agree in both tables, as a
 * migration's verify expects.
 */
@BlogPlatformIntegrationTest
class BucketedCategoryPostsIntegrationTests {

	private static final CategoryTables DUAL_WRITE = new CategoryTables(true, true, false);

	private static final CategoryTables NEW_ONLY = new CategoryTables(false, true, true);

	private static final CategoryTables LEGACY_ONLY = CategoryTables.LEGACY_ONLY;

	@Autowired
	private LegacyCategoryPostsRepository legacy;

	@Autowired
	private CategoryPostsRepository bucketed;

	@Autowired
	private CursorCodec cursors;

	@Autowired
	private DualWriter writer;

	@Autowired
	private TimeSource time;

	@Autowired
	private MutableClock clock;

	@Autowired
	private CqlSession session;

	private BlogTables tables;

	private String category;

	@BeforeEach
	void setUp() {
		this.tables = new BlogTables(this.session);
		this.category = BlogTables.randomCategory();
	}

	/**
	 * Paging through a category walks its month partitions newest first and returns each
	 * post exactly once.
	 */
	@Test
	@ServesQuery({ "Q5", "Q8" })
	void pagesCrossMonthBucketsNewestFirst() {
		Instant start = Instant.parse("2025-11-20T00:00:00Z");
		List<UUID> newestFirst = write(start, 9, Duration.ofDays(9));

		assertThat(this.tables.categoryMonths(this.category)).containsExactly("2026-01", "2025-12", "2025-11");
		assertThat(readAll(NEW_ONLY, 2)).containsExactlyElementsOf(newestFirst);
		assertThat(readAll(NEW_ONLY, 100)).containsExactlyElementsOf(newestFirst);
	}

	/**
	 * Older posts stay reachable after months without posts: the index lists the months
	 * to walk, no guess skips them.
	 */
	@Test
	@ServesQuery({ "Q5", "Q8" })
	void quietMonthsHideNothing() {
		List<UUID> old = write(Instant.parse("2024-02-10T12:00:00Z"), 2, Duration.ofHours(1));
		List<UUID> recent = write(this.clock.instant().minus(Duration.ofHours(2)), 1, Duration.ofMinutes(1));

		List<UUID> expected = new ArrayList<>(recent);
		expected.addAll(old);
		assertThat(readAll(NEW_ONLY, 20)).containsExactlyElementsOf(expected);
		assertThat(this.tables.categoryMonths(this.category)).hasSize(2);
	}

	/**
	 * Posts of the same millisecond in one category both keep their row in the month
	 * partition.
	 */
	@Test
	@ServesQuery("Q5")
	void postsOfTheSameMillisecondNeverOverwriteEachOther() {
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		execute(post(UUID.randomUUID(), now, "One", this.category, this.category, 1));
		execute(post(UUID.randomUUID(), now, "Two", this.category, this.category, 1));

		assertThat(this.tables.bucketedCategoryPosts(this.category, now)).hasSize(2);
	}

	/**
	 * A move writes the delete of the old key and the insert of the new one in both
	 * shapes while dual-writing.
	 */
	@Test
	@ServesQuery({ "Q4", "Q5" })
	void aMoveWhileDualWritingMovesTheCopyInBothTables() {
		String target = BlogTables.randomCategory();
		UUID postId = UUID.randomUUID();
		Instant createdAt = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		execute(post(postId, createdAt, "Mover", this.category, this.category, 1));

		PostsByIdRow moved = post(postId, createdAt, "Mover", target, this.category, 2);
		execute(moved);

		assertThat(this.tables.legacyCategoryPosts(this.category)).isEmpty();
		assertThat(this.tables.bucketedCategoryPosts(this.category, createdAt)).isEmpty();
		assertThat(this.tables.legacyCategoryPosts(target)).singleElement()
			.satisfies((row) -> assertThat(row.getUuid("post_id")).isEqualTo(postId));
		assertThat(this.tables.bucketedCategoryPosts(target, createdAt)).singleElement()
			.satisfies((row) -> assertThat(row.getUuid("post_id")).isEqualTo(postId));
		assertThat(this.tables.categoryMonths(target)).containsExactly(BlogTables.month(createdAt));
		this.tables.assertBucketedCopy(postId, moved.authorId(), "Mover", target, createdAt, moved.writeTime());
	}

	/**
	 * A cursor from a page of the legacy table continues on the buckets: readers page on
	 * across the cut-over.
	 */
	@Test
	@ServesQuery({ "Q4", "Q5" })
	void aCursorOfTheLegacyTableContinuesOnTheBuckets() {
		List<UUID> newestFirst = write(Instant.parse("2025-05-25T00:00:00Z"), 6, Duration.ofDays(3));

		Page<CategoryPost> first = service(LEGACY_ONLY).findLatest(this.category, null, 3).block();
		Page<CategoryPost> second = service(NEW_ONLY).findLatest(this.category, first.next(), 3).block();

		List<UUID> read = new ArrayList<>();
		first.items().forEach((item) -> read.add(item.postId()));
		second.items().forEach((item) -> read.add(item.postId()));
		assertThat(read).containsExactlyElementsOf(newestFirst);
		assertThat(second.next()).isNull();
	}

	/**
	 * A page stops at its cap of months: months emptied by moves are read empty, the page
	 * answers with what it found and a cursor to the next month, and the next page finds
	 * the posts behind the cap, on the buckets and, had reads gone back to it, on the
	 * legacy table.
	 */
	@Test
	@ServesQuery({ "Q4", "Q5", "Q8" })
	void aPageStopsAtItsMonthCapAndTheNextFindsThePostsBehindIt() {
		List<UUID> old = write(Instant.parse("2024-01-10T00:00:00Z"), 2, Duration.ofDays(1));
		// Two newer months whose posts moved away: the index keeps them.
		this.session.execute("INSERT INTO category_months (category, month) VALUES (?, ?)", this.category, "2024-02");
		this.session.execute("INSERT INTO category_months (category, month) VALUES (?, ?)", this.category, "2024-03");
		CategoryPostsService capped = service(NEW_ONLY, 2);

		Page<CategoryPost> first = capped.findLatest(this.category, null, 10).block();
		assertThat(first.items()).isEmpty();
		assertThat(first.next()).isNotNull();

		Page<CategoryPost> second = capped.findLatest(this.category, first.next(), 10).block();
		assertThat(second.items()).extracting(CategoryPost::postId).containsExactlyElementsOf(old);
		assertThat(second.next()).isNull();

		Page<CategoryPost> legacy = service(LEGACY_ONLY, 2).findLatest(this.category, first.next(), 10).block();
		assertThat(legacy.items()).extracting(CategoryPost::postId).containsExactlyElementsOf(old);
	}

	private CategoryPostsService service(CategoryTables tables) {
		return service(tables, 12);
	}

	private CategoryPostsService service(CategoryTables tables, int maxBucketsPerPage) {
		return new CategoryPostsService(this.legacy, this.bucketed, () -> Mono.just(tables), this.cursors,
				new CategoryProperties(maxBucketsPerPage), new SimpleMeterRegistry());
	}

	private List<UUID> write(Instant start, int count, Duration spacing) {
		List<UUID> ids = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			UUID postId = UUID.randomUUID();
			execute(post(postId, start.plus(spacing.multipliedBy(i)).truncatedTo(ChronoUnit.MILLIS), "Post " + i,
					this.category, this.category, 1));
			ids.add(postId);
		}
		Collections.reverse(ids);
		return ids;
	}

	private PostsByIdRow post(UUID postId, Instant createdAt, String title, String category, String previous,
			int version) {
		return new PostsByIdRow(postId, UUID.randomUUID(), title, "body", category, previous, createdAt, version,
				this.time.nowMicros(), false);
	}

	/**
	 * Writes a version's category copies as the post feature does while dual-writing: one
	 * logged batch, one timestamp, through the service's dual writer.
	 */
	private void execute(PostsByIdRow post) {
		CategoryPostCopies copies = new CategoryPostCopies(this.legacy, this.bucketed, () -> Mono.just(DUAL_WRITE));
		DenormalizedWrite.Builder write = DenormalizedWrite.builder("category copies of " + post.postId())
			.strategy(WriteStrategy.LOGGED_BATCH)
			.timestamp(post.writeTime());
		copies.write(write, post).then(Mono.defer(() -> this.writer.execute(write.build()))).block();
	}

	private List<UUID> readAll(CategoryTables tables, int limit) {
		CategoryPostsService service = service(tables);
		List<UUID> read = new ArrayList<>();
		String cursor = null;
		do {
			Page<CategoryPost> page = service.findLatest(this.category, cursor, limit).block();
			page.items().forEach((item) -> read.add(item.postId()));
			cursor = page.next();
		}
		while (cursor != null);
		return read;
	}

}
