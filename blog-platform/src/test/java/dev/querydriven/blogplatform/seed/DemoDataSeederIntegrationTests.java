package dev.querydriven.blogplatform.seed;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.blogplatform.BlogPlatformIntegrationTest;
import dev.querydriven.blogplatform.BlogTables;
import dev.querydriven.blogplatform.comment.CommentService;
import dev.querydriven.blogplatform.post.PostService;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo seeder against the real node: it fills every table, and a second run adds
 * nothing.
 */
@BlogPlatformIntegrationTest
class DemoDataSeederIntegrationTests {

	private static final int POSTS = 40;

	@Autowired
	private PostService posts;

	@Autowired
	private CommentService comments;

	@Autowired
	private CqlSession session;

	/**
	 * Seeding publishes every post with its copies and comments; seeding again creates
	 * nothing and counts nothing twice.
	 */
	@Test
	void seedingIsIdempotent() {
		// A namespace of its own: demo data seeded by another test on this node is
		// another set.
		DemoDataSeeder seeder = new DemoDataSeeder(this.posts, this.comments,
				new SeedProperties(true, POSTS, "seeder-test-" + UUID.randomUUID()), (event) -> {
				});
		BlogTables tables = new BlogTables(this.session);
		Instant anchor = Instant.now().truncatedTo(ChronoUnit.MINUTES);

		AtomicReference<DemoDataSeeded> seeded = new AtomicReference<>();
		seeder.seed(anchor).as(StepVerifier::create).consumeNextWith(seeded::set).verifyComplete();
		assertThat(seeded.get().postsCreated()).isEqualTo(POSTS);

		long commentRows = 0;
		long counted = 0;
		for (int number = 0; number < POSTS; number++) {
			UUID postId = seeder.postId(number);
			assertThat(tables.post(postId)).as("post %d", number).isNotNull();
			commentRows += tables.comments(postId).size();
			counted += (tables.commentCount(postId) != null) ? tables.commentCount(postId).getLong("comments") : 0;
		}
		assertThat(commentRows).isPositive().isEqualTo(counted).isEqualTo(seeded.get().commentsCreated());
		long authored = 0;
		for (int author = 0; author < DemoDataSeeder.AUTHORS; author++) {
			authored += tables.authorPosts(seeder.authorId(author)).size();
		}
		assertThat(authored).isEqualTo(POSTS);
		assertThat(tables.legacyCategoryPosts(DemoDataSeeder.CATEGORIES.get(0))).isNotEmpty();

		seeder.seed(anchor.plusSeconds(3600))
			.as(StepVerifier::create)
			.assertNext((again) -> assertThat(again.postsCreated()).isZero())
			.verifyComplete();

		long countedAgain = 0;
		for (int number = 0; number < POSTS; number++) {
			UUID postId = seeder.postId(number);
			countedAgain += (tables.commentCount(postId) != null) ? tables.commentCount(postId).getLong("comments") : 0;
		}
		assertThat(countedAgain).isEqualTo(counted);
	}

}
