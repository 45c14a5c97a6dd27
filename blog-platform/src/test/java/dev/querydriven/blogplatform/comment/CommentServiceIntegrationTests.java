package dev.querydriven.blogplatform.comment;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.blogplatform.BlogPlatformIntegrationTest;
import dev.querydriven.blogplatform.BlogTables;
import dev.querydriven.blogplatform.post.NewPost;
import dev.querydriven.blogplatform.post.PostService;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.idempotency.IdempotencyKeys;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.servicesupport.web.Page;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A post's comments (Q3) and the cap that bounds their partition (Q7), against the real
 * node.
 */
@BlogPlatformIntegrationTest
class CommentServiceIntegrationTests {

	@Autowired
	private PostService posts;

	@Autowired
	private CommentService comments;

	@Autowired
	private CommentRepository commentRepository;

	@Autowired
	private CommentCountRepository counts;

	@Autowired
	private CursorCodec cursors;

	@Autowired
	private TimeSource time;

	@Autowired
	private IdempotencyKeys keys;

	@Autowired
	private MutableClock clock;

	@Autowired
	private CqlSession session;

	private BlogTables tables;

	private UUID postId;

	@BeforeEach
	void setUp() {
		this.tables = new BlogTables(this.session);
		this.postId = UUID.randomUUID();
		this.posts
			.publish(new NewPost(this.postId, UUID.randomUUID(), "Thread", "b", BlogTables.randomCategory(), null))
			.block();
	}

	/** A comment is stored in the post's partition and counted. */
	@Test
	@ServesQuery({ "Q3", "Q7" })
	void addingACommentStoresAndCountsIt() {
		this.comments.add(this.postId, named("Ann"), "Nice post", null)
			.as(StepVerifier::create)
			.assertNext((comment) -> {
				assertThat(comment.postId()).isEqualTo(this.postId);
				assertThat(comment.authorName()).isEqualTo("Ann");
				assertThat(comment.commentText()).isEqualTo("Nice post");
				assertThat(comment.createdAt()).isEqualTo(this.clock.instant());
			})
			.verifyComplete();

		assertThat(this.tables.comments(this.postId)).singleElement()
			.satisfies((row) -> assertThat(row.getString("comment_text")).isEqualTo("Nice post"));
		assertThat(this.tables.commentCount(this.postId).getLong("comments")).isEqualTo(1);
	}

	/** Paging through a thread returns each comment exactly once, oldest first. */
	@Test
	@ServesQuery("Q3")
	void pagesReturnEveryCommentOnceOldestFirst() {
		Instant start = this.clock.instant().minusSeconds(60);
		List<UUID> oldestFirst = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			UUID commentId = UUID.randomUUID();
			oldestFirst.add(commentId);
			this.comments.add(this.postId, commentId, start.plusSeconds(i), "Reader " + i, "Comment " + i).block();
		}

		List<UUID> read = new ArrayList<>();
		String cursor = null;
		do {
			Page<CommentsByPostRow> page = this.comments.findOldestFirst(this.postId, cursor, 2).block();
			page.items().forEach((comment) -> read.add(comment.commentId()));
			cursor = page.next();
		}
		while (cursor != null);

		assertThat(read).containsExactlyElementsOf(oldestFirst);
	}

	/**
	 * Two comments of the same millisecond both survive (the key ends with the comment's
	 * id).
	 */
	@Test
	@ServesQuery("Q3")
	void commentsOfTheSameMillisecondNeverOverwriteEachOther() {
		Instant now = this.clock.instant();

		Flux.merge(this.comments.add(this.postId, UUID.randomUUID(), now, "A", "one"),
				this.comments.add(this.postId, UUID.randomUUID(), now, "B", "two"))
			.blockLast();

		assertThat(this.tables.comments(this.postId)).hasSize(2);
	}

	/** A full thread refuses more comments with a conflict, and writes nothing. */
	@Test
	@ServesQuery("Q7")
	void fullThreadRefusesComments() {
		CommentService capped = new CommentService(this.posts, this.commentRepository, this.counts,
				new CommentProperties(2), this.cursors, this.time, this.keys);
		capped.add(this.postId, named("A"), "one", null).then(capped.add(this.postId, named("B"), "two", null)).block();

		capped.add(this.postId, named("C"), "three", null)
			.as(StepVerifier::create)
			.verifyError(ConflictException.class);

		assertThat(this.tables.comments(this.postId)).hasSize(2);
		assertThat(this.tables.commentCount(this.postId).getLong("comments")).isEqualTo(2);
	}

	/**
	 * Commenting on, or reading the comments of, an unknown post is a NotFoundException,
	 * and writes nothing.
	 */
	@Test
	void unknownPostHasNoComments() {
		UUID unknown = UUID.randomUUID();

		this.comments.add(unknown, named("A"), "lost", null)
			.as(StepVerifier::create)
			.verifyError(NotFoundException.class);
		this.comments.findOldestFirst(unknown, null, 20).as(StepVerifier::create).verifyError(NotFoundException.class);

		assertThat(this.tables.comments(unknown)).isEmpty();
		assertThat(this.tables.commentCount(unknown)).isNull();
	}

	private static Caller named(String name) {
		UUID userId = UUID.randomUUID();
		return new Caller(userId, userId.toString(), name, Set.of(), Set.of());
	}

}
