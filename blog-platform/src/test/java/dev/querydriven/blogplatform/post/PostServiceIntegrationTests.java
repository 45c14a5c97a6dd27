package dev.querydriven.blogplatform.post;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.blogplatform.BlogPlatformIntegrationTest;
import dev.querydriven.blogplatform.BlogTables;
import dev.querydriven.blogplatform.comment.CommentService;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.testsupport.Bursts;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.access.AccessDeniedException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A post's life against the real node: every copy after every write, with the version's
 * timestamp.
 */
@BlogPlatformIntegrationTest
class PostServiceIntegrationTests {

	@Autowired
	private PostService posts;

	@Autowired
	private PostRepository repository;

	@Autowired
	private TimeSource time;

	@Autowired
	private MutableClock clock;

	@Autowired
	private CommentService comments;

	@Autowired
	private CqlSession session;

	private BlogTables tables;

	private UUID authorId;

	private Caller author;

	private String category;

	@BeforeEach
	void setUp() {
		this.tables = new BlogTables(this.session);
		this.authorId = UUID.randomUUID();
		this.author = caller(this.authorId);
		this.category = BlogTables.randomCategory();
	}

	/**
	 * Publishing writes posts_by_id and copies the title into the author's and the
	 * category's lists.
	 */
	@Test
	@ServesQuery({ "Q1", "Q2", "Q4" })
	void publishWritesThePostAndCopiesItsTitleToEveryList() {
		NewPost post = newPost("Partition keys", this.category);

		this.posts.publish(post)
			.as(StepVerifier::create)
			.assertNext((created) -> assertThat(created.version()).isEqualTo(1))
			.verifyComplete();

		PostsByIdRow stored = this.repository.findById(post.postId()).block();
		assertThat(stored).isNotNull();
		assertThat(stored.title()).isEqualTo("Partition keys");
		assertThat(stored.body()).isEqualTo("Body of Partition keys");
		assertThat(stored.category()).isEqualTo(this.category);
		assertThat(stored.createdAt()).isEqualTo(post.createdAt());
		assertCopies(stored);
	}

	/**
	 * A burst of reads at once, more than the session's connections carry, is queued by
	 * the driver's throttler and served, none refused.
	 */
	@Test
	@ServesQuery("Q1")
	void aBurstBeyondTheConnectionsIsQueuedNotRefused() {
		PostsByIdRow post = this.posts.publish(newPost("Read by a crowd", this.category)).block();
		assertThat(Bursts.beyondTheConnections(() -> this.posts.requireExisting(post.postId())))
			.hasSize(Bursts.BEYOND_THE_CONNECTIONS)
			.allSatisfy((found) -> assertThat(found.postId()).isEqualTo(post.postId()));
	}

	/** Publishing the same post twice (a replay) changes nothing. */
	@Test
	void publishingTheSamePostAgainChangesNothing() {
		NewPost post = newPost("Once", this.category);
		PostsByIdRow first = this.posts.publish(post).block();

		this.posts
			.publish(new NewPost(post.postId(), post.authorId(), "Twice", "Other", this.category, post.createdAt()))
			.as(StepVerifier::create)
			.verifyComplete();

		assertThat(this.repository.findById(post.postId()).block()).isEqualTo(first);
		assertCopies(first);
	}

	/** A post is read by id with its view count; views are counted per POST. */
	@Test
	@ServesQuery({ "Q1", "Q6" })
	void findShowsThePostWithItsViews() {
		NewPost post = newPost("Counted", this.category);
		this.posts.publish(post).block();

		this.posts.recordView(post.postId())
			.then(this.posts.recordView(post.postId()))
			.then(this.posts.recordView(post.postId()))
			.then(this.posts.find(post.postId()))
			.as(StepVerifier::create)
			.assertNext((found) -> {
				assertThat(found.post().title()).isEqualTo("Counted");
				assertThat(found.views()).isEqualTo(3);
			})
			.verifyComplete();
		assertThat(this.tables.views(post.postId()).getLong("views")).isEqualTo(3);
	}

	/** A post nobody viewed shows zero views. */
	@Test
	@ServesQuery("Q6")
	void postWithoutViewsShowsZero() {
		NewPost post = newPost("Unseen", this.category);
		this.posts.publish(post).block();

		this.posts.find(post.postId())
			.as(StepVerifier::create)
			.assertNext((found) -> assertThat(found.views()).isZero())
			.verifyComplete();
	}

	/**
	 * Editing the title rewrites every copy with one timestamp, above the previous
	 * version's.
	 */
	@Test
	@ServesQuery({ "Q1", "Q2", "Q4" })
	void editingTheTitleUpdatesEveryCopyWithOneTimestamp() {
		NewPost post = newPost("Draft title", this.category);
		PostsByIdRow first = this.posts.publish(post).block();

		this.posts.edit(post.postId(), new PostChanges("Final title", null, null), this.author)
			.as(StepVerifier::create)
			.assertNext((edited) -> {
				assertThat(edited.post().version()).isEqualTo(2);
				assertThat(edited.post().writeTime()).isGreaterThan(first.writeTime());
				assertThat(edited.post().body()).isEqualTo("Body of Draft title");
			})
			.verifyComplete();

		PostsByIdRow stored = this.repository.findById(post.postId()).block();
		assertThat(stored.title()).isEqualTo("Final title");
		assertCopies(stored);
	}

	/** Editing the body changes posts_by_id and leaves the lists' titles as they were. */
	@Test
	void editingTheBodyChangesOnlyThePost() {
		NewPost post = newPost("Stable title", this.category);
		this.posts.publish(post).block();

		this.posts.edit(post.postId(), new PostChanges(null, "A better body", null), this.author).block();

		PostsByIdRow stored = this.repository.findById(post.postId()).block();
		assertThat(stored.body()).isEqualTo("A better body");
		assertThat(stored.title()).isEqualTo("Stable title");
		assertCopies(stored);
	}

	/**
	 * Changing the category moves the copy from the old category's partition to the new
	 * one's.
	 */
	@Test
	@ServesQuery("Q4")
	void changingTheCategoryMovesThePostBetweenCategoryPartitions() {
		String target = BlogTables.randomCategory();
		NewPost post = newPost("Mover", this.category);
		this.posts.publish(post).block();

		this.posts.edit(post.postId(), new PostChanges(null, null, target), this.author).block();

		assertThat(this.tables.legacyCategoryPosts(this.category)).isEmpty();
		PostsByIdRow stored = this.repository.findById(post.postId()).block();
		assertThat(stored.category()).isEqualTo(target);
		assertThat(stored.previousCategory()).isEqualTo(this.category);
		assertCopies(stored);
	}

	/**
	 * A "move" to the post's own category decides no new version and keeps every copy.
	 */
	@Test
	void movingToTheSameCategoryChangesNothing() {
		NewPost post = newPost("Stay", this.category);
		PostsByIdRow first = this.posts.publish(post).block();

		this.posts.edit(post.postId(), new PostChanges(null, null, this.category), this.author)
			.as(StepVerifier::create)
			.assertNext((edited) -> assertThat(edited.post()).isEqualTo(first))
			.verifyComplete();

		assertThat(this.repository.findById(post.postId()).block()).isEqualTo(first);
		assertCopies(first);
	}

	/**
	 * Concurrent edits of one post, each moving it to another category with another
	 * title, are serialised: whichever version wins last, every copy matches it and no
	 * other category keeps a copy.
	 */
	@Test
	@ServesQuery({ "Q1", "Q2", "Q4" })
	void concurrentEditsLeaveNoStaleCopy() {
		NewPost post = newPost("Contended", this.category);
		this.posts.publish(post).block();
		List<String> targets = IntStream.range(0, 6).mapToObj((i) -> BlogTables.randomCategory()).toList();

		List<Integer> decided = Flux.range(0, targets.size())
			.flatMap((i) -> this.posts
				.edit(post.postId(), new PostChanges("Title " + i, null, targets.get(i)), this.author)
				.map((edited) -> edited.post().version())
				.onErrorResume(ConflictException.class, (ex) -> Mono.empty()), targets.size())
			.collectList()
			.block();

		assertThat(decided).doesNotHaveDuplicates().isNotEmpty();
		PostsByIdRow last = this.repository.findById(post.postId()).block();
		assertThat(last.version()).isEqualTo(1 + decided.size());
		assertThat(last.title()).isEqualTo("Title " + targets.indexOf(last.category()));
		assertCopies(last);
		Set<String> categoriesHoldingACopy = Stream.concat(Stream.of(this.category), targets.stream())
			.filter((category) -> !this.tables.legacyCategoryPosts(category).isEmpty())
			.collect(Collectors.toSet());
		assertThat(categoriesHoldingACopy).containsExactly(last.category());
	}

	/** Deleting a post removes it, every copy, its comments and its counters. */
	@Test
	@ServesQuery({ "Q1", "Q2", "Q3", "Q4" })
	void deletingAPostRemovesEveryCopyAndItsComments() {
		NewPost post = newPost("Short-lived", this.category);
		this.posts.publish(post).block();
		this.comments.add(post.postId(), UUID.randomUUID(), this.clock.instant(), "Ann", "First!").block();
		this.posts.recordView(post.postId()).block();

		this.posts.delete(post.postId(), this.author).as(StepVerifier::create).verifyComplete();

		assertThat(this.tables.post(post.postId())).isNull();
		assertThat(this.tables.authorPosts(this.authorId)).isEmpty();
		assertThat(this.tables.legacyCategoryPosts(this.category)).isEmpty();
		assertThat(this.tables.comments(post.postId())).isEmpty();
		assertThat(this.tables.views(post.postId())).isNull();
		assertThat(this.tables.commentCount(post.postId())).isNull();
		this.posts.find(post.postId()).as(StepVerifier::create).verifyError(NotFoundException.class);
	}

	/** A moved post's deletion leaves no copy in its former category either. */
	@Test
	void deletingAMovedPostRemovesItFromEveryCategory() {
		String target = BlogTables.randomCategory();
		NewPost post = newPost("Moved then deleted", this.category);
		this.posts.publish(post).block();
		this.posts.edit(post.postId(), new PostChanges(null, null, target), this.author).block();

		this.posts.delete(post.postId(), this.author).block();

		assertThat(this.tables.legacyCategoryPosts(this.category)).isEmpty();
		assertThat(this.tables.legacyCategoryPosts(target)).isEmpty();
		assertThat(this.tables.authorPosts(this.authorId)).isEmpty();
	}

	/**
	 * When a version was decided but its copies were never written (a failure between the
	 * two), retrying the same edit writes them, and removes the copy it moved away from.
	 */
	@Test
	void retryingAnEditRepairsCopiesLeftBehind() {
		String target = BlogTables.randomCategory();
		NewPost post = newPost("Before", this.category);
		PostsByIdRow first = this.posts.publish(post).block();
		// The version is decided, then the request fails before any copy is written.
		PostsByIdRow decided = first.next("After", first.body(), target, this.time.nextTimestamp(first.writeTime()));
		assertThat(this.repository.updateIfVersion(decided, first.version()).block()).isTrue();
		assertThat(this.tables.legacyCategoryPosts(this.category)).hasSize(1);

		this.posts.edit(post.postId(), new PostChanges("After", null, target), this.author).block();

		assertThat(this.tables.legacyCategoryPosts(this.category)).isEmpty();
		assertThat(this.repository.findById(post.postId()).block()).isEqualTo(decided);
		assertCopies(decided);
	}

	/**
	 * A deletion interrupted after its decision is finished by a retried DELETE; the post
	 * reads as gone meanwhile.
	 */
	@Test
	void retryingADeletionFinishesIt() {
		NewPost post = newPost("Half deleted", this.category);
		PostsByIdRow first = this.posts.publish(post).block();
		PostsByIdRow deletion = first.deletion(this.time.nextTimestamp(first.writeTime()));
		assertThat(this.repository.updateIfVersion(deletion, first.version()).block()).isTrue();
		this.posts.find(post.postId()).as(StepVerifier::create).verifyError(NotFoundException.class);

		this.posts.delete(post.postId(), this.author).as(StepVerifier::create).verifyComplete();

		assertThat(this.tables.post(post.postId())).isNull();
		assertThat(this.tables.authorPosts(this.authorId)).isEmpty();
		assertThat(this.tables.legacyCategoryPosts(this.category)).isEmpty();
	}

	/**
	 * Reading, editing, deleting or viewing an unknown post is a NotFoundException and
	 * writes nothing.
	 */
	@Test
	void unknownPostIsNotFoundEverywhere() {
		UUID unknown = UUID.randomUUID();

		this.posts.find(unknown).as(StepVerifier::create).verifyError(NotFoundException.class);
		this.posts.edit(unknown, new PostChanges("x", null, null), this.author)
			.as(StepVerifier::create)
			.verifyError(NotFoundException.class);
		this.posts.delete(unknown, this.author).as(StepVerifier::create).verifyError(NotFoundException.class);
		this.posts.recordView(unknown).as(StepVerifier::create).verifyError(NotFoundException.class);

		assertThat(this.tables.post(unknown)).isNull();
		assertThat(this.tables.views(unknown)).isNull();
	}

	/**
	 * Another user may neither edit nor delete a post, whatever roles they hold: both are
	 * refused once the post is read, and the post and every copy stay as they were.
	 */
	@Test
	void onlyTheAuthorEditsOrDeletes() {
		NewPost post = newPost("Mine", this.category);
		PostsByIdRow first = this.posts.publish(post).block();
		Caller stranger = new Caller(UUID.randomUUID(), "stranger", "Stranger", Set.of(Caller.ADMIN, Caller.STAFF),
				Set.of());

		this.posts.edit(post.postId(), new PostChanges("Yours now", null, BlogTables.randomCategory()), stranger)
			.as(StepVerifier::create)
			.verifyError(AccessDeniedException.class);
		this.posts.delete(post.postId(), stranger).as(StepVerifier::create).verifyError(AccessDeniedException.class);

		assertThat(this.repository.findById(post.postId()).block()).isEqualTo(first);
		assertCopies(first);
	}

	/**
	 * Two posts of one author in the same millisecond both keep their copy (the key ends
	 * with the id).
	 */
	@Test
	@ServesQuery("Q2")
	void postsOfTheSameMillisecondNeverOverwriteEachOther() {
		Instant now = this.clock.instant();
		NewPost one = new NewPost(UUID.randomUUID(), this.authorId, "One", "1", this.category, now);
		NewPost two = new NewPost(UUID.randomUUID(), this.authorId, "Two", "2", this.category, now);

		Flux.merge(this.posts.publish(one), this.posts.publish(two)).blockLast();

		assertThat(this.tables.authorPosts(this.authorId)).hasSize(2);
		assertThat(this.tables.legacyCategoryPosts(this.category)).hasSize(2);
	}

	private static Caller caller(UUID userId) {
		return new Caller(userId, userId.toString(), "Author", Set.of(), Set.of());
	}

	private NewPost newPost(String title, String category) {
		return new NewPost(UUID.randomUUID(), this.authorId, title, "Body of " + title, category, this.clock.instant());
	}

	/**
	 * Every copy of the version is present, holds its values and carries its timestamp.
	 */
	private void assertCopies(PostsByIdRow post) {
		this.tables.assertCopies(post.postId(), post.authorId(), post.title(), post.category(), post.createdAt(),
				post.writeTime());
	}

}
