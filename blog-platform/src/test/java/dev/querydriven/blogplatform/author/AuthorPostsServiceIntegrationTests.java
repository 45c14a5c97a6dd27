package dev.querydriven.blogplatform.author;

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
 * An author's posts (Q2) against the real node.
 */
@BlogPlatformIntegrationTest
@ServesQuery("Q2")
class AuthorPostsServiceIntegrationTests {

	@Autowired
	private PostService posts;

	@Autowired
	private AuthorPostsService authorPosts;

	@Autowired
	private MutableClock clock;

	/**
	 * Paging through an author's posts returns each exactly once, newest first, and ends
	 * with no cursor.
	 */
	@Test
	void pagesReturnEveryPostOnceNewestFirst() {
		UUID authorId = UUID.randomUUID();
		List<UUID> newestFirst = publish(authorId, 7);

		List<UUID> read = new ArrayList<>();
		String cursor = null;
		int pages = 0;
		do {
			Page<PostsByAuthorRow> page = this.authorPosts.findLatest(authorId, cursor, 3).block();
			page.items().forEach((item) -> read.add(item.postId()));
			cursor = page.next();
			pages++;
		}
		while (cursor != null);

		assertThat(read).containsExactlyElementsOf(newestFirst);
		assertThat(pages).isEqualTo(3);
	}

	/** A page shows the title and category copied from posts_by_id. */
	@Test
	void pageItemsCarryTheCopiedTitleAndCategory() {
		UUID authorId = UUID.randomUUID();
		String category = BlogTables.randomCategory();
		this.posts.publish(new NewPost(null, authorId, "Copied title", "b", category, null)).block();

		this.authorPosts.findLatest(authorId, null, 20).as(StepVerifier::create).assertNext((page) -> {
			assertThat(page.items()).singleElement().satisfies((item) -> {
				assertThat(item.title()).isEqualTo("Copied title");
				assertThat(item.category()).isEqualTo(category);
				assertThat(item.authorId()).isEqualTo(authorId);
			});
			assertThat(page.next()).isNull();
		}).verifyComplete();
	}

	/** An author without posts has an empty list. */
	@Test
	void authorWithoutPostsHasAnEmptyList() {
		this.authorPosts.findLatest(UUID.randomUUID(), null, 20).as(StepVerifier::create).assertNext((page) -> {
			assertThat(page.items()).isEmpty();
			assertThat(page.next()).isNull();
		}).verifyComplete();
	}

	/** A cursor issued for another author's list is refused. */
	@Test
	void cursorOfAnotherAuthorIsRefused() {
		UUID authorId = UUID.randomUUID();
		publish(authorId, 3);
		String cursor = this.authorPosts.findLatest(authorId, null, 1).block().next();

		this.authorPosts.findLatest(UUID.randomUUID(), cursor, 1)
			.as(StepVerifier::create)
			.verifyError(InvalidRequestException.class);
	}

	private List<UUID> publish(UUID authorId, int count) {
		Instant start = this.clock.instant().minus(Duration.ofDays(1));
		String category = BlogTables.randomCategory();
		List<NewPost> posts = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			posts.add(new NewPost(UUID.randomUUID(), authorId, "Post " + i, "b", category,
					start.plus(Duration.ofMinutes(i))));
		}
		Flux.fromIterable(posts).concatMap(this.posts::publish).blockLast();
		List<UUID> newestFirst = new ArrayList<>(posts.stream().map(NewPost::postId).toList());
		Collections.reverse(newestFirst);
		return newestFirst;
	}

}
