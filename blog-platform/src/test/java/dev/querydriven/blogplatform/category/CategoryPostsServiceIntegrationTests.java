package dev.querydriven.blogplatform.category;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

import dev.querydriven.blogplatform.BlogPlatformIntegrationTest;
import dev.querydriven.blogplatform.BlogTables;
import dev.querydriven.blogplatform.post.NewPost;
import dev.querydriven.blogplatform.post.PostService;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.Page;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A category's posts against the real node, in the service's starting phase (the legacy
 * table).
 */
@BlogPlatformIntegrationTest
class CategoryPostsServiceIntegrationTests {

	@Autowired
	private PostService posts;

	@Autowired
	private CategoryPostsService categoryPosts;

	@Autowired
	private MutableClock clock;

	/**
	 * Paging through a category returns each post exactly once, newest first, across
	 * authors.
	 */
	@Test
	@ServesQuery("Q4")
	void pagesReturnEveryPostOnceNewestFirst() {
		String category = BlogTables.randomCategory();
		List<UUID> newestFirst = publish(category, 7, Duration.ofHours(1));

		assertThat(readAll(category, 3)).containsExactlyElementsOf(newestFirst);
	}

	/** A category nobody posted in has an empty list. */
	@Test
	@ServesQuery("Q4")
	void categoryWithoutPostsHasAnEmptyList() {
		this.categoryPosts.findLatest(BlogTables.randomCategory(), null, 20)
			.as(StepVerifier::create)
			.assertNext((page) -> {
				assertThat(page.items()).isEmpty();
				assertThat(page.next()).isNull();
			})
			.verifyComplete();
	}

	/** A cursor issued for another category is refused. */
	@Test
	void cursorOfAnotherCategoryIsRefused() {
		String category = BlogTables.randomCategory();
		publish(category, 2, Duration.ofMinutes(1));
		String cursor = this.categoryPosts.findLatest(category, null, 1).block().next();

		this.categoryPosts.findLatest(BlogTables.randomCategory(), cursor, 1)
			.as(StepVerifier::create)
			.verifyError(InvalidRequestException.class);
	}

	private List<UUID> publish(String category, int count, Duration spacing) {
		Instant start = this.clock.instant().minus(spacing.multipliedBy(count));
		List<UUID> ids = new ArrayList<>();
		List<NewPost> posts = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			NewPost post = new NewPost(UUID.randomUUID(), UUID.randomUUID(), "Post " + i, "b", category,
					start.plus(spacing.multipliedBy(i)));
			posts.add(post);
			ids.add(post.postId());
		}
		Flux.fromIterable(posts).concatMap(this.posts::publish).blockLast();
		Collections.reverse(ids);
		return ids;
	}

	private List<UUID> readAll(String category, int limit) {
		List<UUID> read = new ArrayList<>();
		String cursor = null;
		do {
			Page<CategoryPost> page = this.categoryPosts.findLatest(category, cursor, limit).block();
			page.items().forEach((item) -> read.add(item.postId()));
			cursor = page.next();
		}
		while (cursor != null);
		return read;
	}

}
