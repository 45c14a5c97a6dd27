package dev.querydriven.socialfeed.post;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.socialfeed.Fixtures;
import dev.querydriven.socialfeed.SocialFeedIntegrationTest;
import dev.querydriven.socialfeed.paging.TimelinePosition;
import dev.querydriven.socialfeed.timeline.HybridTimeline;
import dev.querydriven.socialfeed.timeline.UuidClusteringOrder;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import dev.querydriven.testsupport.Bursts;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Posts against the real node: every copy after each write, paging across bucket
 * boundaries, deletes that clean every copy, and bad input that writes nothing.
 */
@SocialFeedIntegrationTest
class PostServiceIntegrationTests {

	/**
	 * The order of every post list: newest first, ties broken by id as Cassandra sorts
	 * uuids.
	 */
	private static final Comparator<TimelinePosition> NEWEST_FIRST = HybridTimeline
		.newestFirst(UuidClusteringOrder.UUID_TYPE);

	@Autowired
	private PostService posts;

	@Autowired
	private LikeService likes;

	@Autowired
	private Fixtures fixtures;

	/**
	 * A burst of reads at once, more than the session's connections carry, is queued by
	 * the driver's throttler and served, none refused (a burst of fan-outs under load
	 * failed this way with "No connection was available").
	 */
	@Test
	@ServesQuery("Q9")
	void aBurstBeyondTheConnectionsIsQueuedNotRefused() {
		PostsByIdRow post = this.fixtures.post(this.fixtures.user(), "read by a crowd");
		assertThat(Bursts.beyondTheConnections(() -> this.posts.findById(post.postId())))
			.hasSize(Bursts.BEYOND_THE_CONNECTIONS)
			.allSatisfy((found) -> assertThat(found.postId()).isEqualTo(post.postId()));
	}

	/**
	 * A post is in posts_by_id, in its author's month of posts_by_user, in the day of
	 * posts_by_hashtag and hashtag_days of each of its (lower-cased) hashtags, and in its
	 * follower's timeline, every copy with the post's one timestamp.
	 */
	@Test
	@ServesQuery({ "Q2", "Q5", "Q9", "Q10" })
	void publishingWritesEveryCopy() {
		UsersByIdRow author = this.fixtures.user();
		this.fixtures.follow(this.fixtures.user(), author);
		String tag = Fixtures.uniqueName();
		PostsByIdRow post = this.fixtures.post(author, "#" + tag.toUpperCase() + " hello #NoSQL");
		assertThat(post.hashtags()).containsExactlyInAnyOrder(tag, "nosql");
		this.fixtures.assertPostCopiesAgree(post.postId());
		String month = Bucket.of(BucketGranularity.MONTH, post.createdAt()).key();
		assertThat(this.fixtures.rows("SELECT content, hashtags FROM posts_by_id WHERE post_id = ?", post.postId()))
			.singleElement()
			.satisfies((row) -> assertThat(row.getSet("hashtags", String.class)).contains(tag, "nosql"));
		assertThat(this.fixtures.uuids("SELECT post_id FROM posts_by_user WHERE user_id = ? AND month = ?",
				author.userId(), month))
			.containsExactly(post.postId());
		for (String each : List.of(tag, "nosql")) {
			assertThat(this.fixtures.uuids(
					"SELECT post_id FROM posts_by_hashtag WHERE hashtag = ? AND day = ? AND post_time = ? AND post_id = ?",
					each, post.day().date(), post.createdAt(), post.postId()))
				.containsExactly(post.postId());
		}
		assertThat(this.fixtures.rows("SELECT day FROM hashtag_days WHERE hashtag = ?", tag)).singleElement()
			.satisfies((row) -> assertThat(row.getLocalDate("day")).isEqualTo(post.day().date()));
		this.posts.findWithLikes(post.postId()).as(StepVerifier::create).assertNext((found) -> {
			assertThat(found.post()).isEqualTo(post);
			assertThat(found.likes()).isZero();
		}).verifyComplete();
	}

	/**
	 * Paging a user's posts across monthly buckets, with empty months between them and
	 * three posts in one millisecond, returns every post exactly once, newest first.
	 */
	@Test
	@ServesQuery("Q2")
	void userPostsPageAcrossMonthsExactlyOnceNewestFirst() {
		Instant now = this.fixtures.now();
		UsersByIdRow author = this.fixtures.user(now.minus(Duration.ofDays(200)));
		List<PostsByIdRow> written = new ArrayList<>();
		Instant sameMillisecond = now.minus(Duration.ofDays(150)).truncatedTo(ChronoUnit.MILLIS);
		for (int i = 0; i < 3; i++) {
			written.add(this.fixtures.post(author, "same millisecond " + i, sameMillisecond));
		}
		for (int days : List.of(190, 60, 59, 3, 0)) {
			written.add(this.fixtures.post(author, days + " days ago", now.minus(Duration.ofDays(days))));
		}
		List<TimelinePosition> expected = written.stream().map(PostsByIdRow::position).sorted(NEWEST_FIRST).toList();
		List<TimelinePosition> seen = new ArrayList<>();
		String cursor = null;
		do {
			Page<PostsByUserRow> page = this.posts.latestByUser(author.userId(), cursor, 2, now.plusSeconds(1)).block();
			assertThat(page.items()).hasSizeLessThanOrEqualTo(2);
			page.items().forEach((row) -> seen.add(row.position()));
			cursor = page.next();
		}
		while (cursor != null);
		assertThat(seen).containsExactlyElementsOf(expected);
	}

	/**
	 * A quiet stretch longer than a page's cap of months is spread over requests: the
	 * first page reads twelve months and answers with the one recent post and a cursor,
	 * the next goes on from the thirteenth month and finds the old post.
	 */
	@Test
	@ServesQuery("Q2")
	void quietMonthsBeyondThePageCapComeOnTheNextPage() {
		Instant now = this.fixtures.now();
		UsersByIdRow author = this.fixtures.user(now.minus(Duration.ofDays(730)));
		PostsByIdRow old = this.fixtures.post(author, "a year and a half ago", now.minus(Duration.ofDays(540)));
		PostsByIdRow recent = this.fixtures.post(author, "today", now);

		Page<PostsByUserRow> first = this.posts.latestByUser(author.userId(), null, 10, now.plusSeconds(1)).block();
		assertThat(first.items()).extracting(PostsByUserRow::postId).containsExactly(recent.postId());
		assertThat(first.next()).isNotNull();
		Page<PostsByUserRow> second = this.posts.latestByUser(author.userId(), first.next(), 10, now.plusSeconds(1))
			.block();
		assertThat(second.items()).extracting(PostsByUserRow::postId).containsExactly(old.postId());
	}

	/**
	 * Posts of one millisecond come back in Cassandra's order of their ids, which the
	 * Java comparator reproduces (random and name-based UUIDs alike), so merging lists in
	 * Java agrees with paging in Cassandra.
	 */
	@Test
	@ServesQuery("Q2")
	void postsOfOneMillisecondKeepCassandrasIdOrder() {
		Instant at = this.fixtures.now().truncatedTo(ChronoUnit.MILLIS);
		UsersByIdRow author = this.fixtures.user(at.minusSeconds(60));
		List<TimelinePosition> expected = new ArrayList<>();
		for (int i = 0; i < 12; i++) {
			UUID id = (i % 3 == 0) ? UUID.nameUUIDFromBytes(("post " + i + at).getBytes(StandardCharsets.UTF_8))
					: UUID.randomUUID();
			expected.add(this.posts.publish(id, author.userId(), "post " + i, at).block().position());
		}
		expected.sort(NEWEST_FIRST);
		this.posts.latestByUser(author.userId(), null, 20, at.plusSeconds(1))
			.map((page) -> page.items().stream().map(PostsByUserRow::position).toList())
			.as(StepVerifier::create)
			.expectNext(expected)
			.verifyComplete();
	}

	/**
	 * Paging a hashtag across daily buckets (with days in between that have no post of
	 * the tag) returns every post exactly once, newest first, reading only the days its
	 * index lists.
	 */
	@Test
	@ServesQuery({ "Q5", "Q10" })
	void hashtagPostsPageAcrossDaysExactlyOnceNewestFirst() {
		Instant now = this.fixtures.now();
		String tag = Fixtures.uniqueName();
		UsersByIdRow alice = this.fixtures.user(now.minus(Duration.ofDays(30)));
		UsersByIdRow bob = this.fixtures.user(now.minus(Duration.ofDays(30)));
		List<PostsByIdRow> written = new ArrayList<>();
		Instant twice = now.minus(Duration.ofDays(12)).truncatedTo(ChronoUnit.MILLIS);
		written.add(this.fixtures.post(alice, "#" + tag + " one", twice));
		written.add(this.fixtures.post(bob, "#" + tag + " two", twice));
		for (int days : List.of(20, 12, 5, 1)) {
			written.add(this.fixtures.post((days % 2 == 0) ? alice : bob, "#" + tag + " " + days,
					now.minus(Duration.ofDays(days))));
		}
		this.fixtures.post(alice, "#other" + tag + " not this tag", now);
		assertThat(this.fixtures.rows("SELECT day FROM hashtag_days WHERE hashtag = ?", tag)).hasSize(4);
		List<TimelinePosition> expected = written.stream().map(PostsByIdRow::position).sorted(NEWEST_FIRST).toList();
		List<TimelinePosition> seen = new ArrayList<>();
		String cursor = null;
		do {
			Page<PostsByHashtagRow> page = this.posts.latestByHashtag("#" + tag.toUpperCase(), cursor, 4).block();
			page.items().forEach((row) -> seen.add(row.position()));
			cursor = page.next();
		}
		while (cursor != null);
		assertThat(seen).containsExactlyElementsOf(expected);
	}

	/** A tag nobody used is an empty page, not an error. */
	@Test
	@ServesQuery("Q10")
	void unusedHashtagIsAnEmptyPage() {
		this.posts.latestByHashtag(Fixtures.uniqueName(), null, 20).as(StepVerifier::create).assertNext((page) -> {
			assertThat(page.items()).isEmpty();
			assertThat(page.next()).isNull();
		}).verifyComplete();
	}

	/** A cursor of one list is refused on another, and a forged one too. */
	@Test
	@ServesQuery("Q2")
	void cursorsOfOtherListsAreRejected() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		this.fixtures.post(alice, "one");
		this.fixtures.post(alice, "two");
		String cursor = this.posts.latestByUser(alice.userId(), null, 1, this.fixtures.now().plusSeconds(1))
			.block()
			.next();
		assertThat(cursor).isNotNull();
		for (String bad : List.of(cursor, cursor + "x", "not-a-cursor")) {
			this.posts.latestByUser(bob.userId(), bad, 1, this.fixtures.now())
				.as(StepVerifier::create)
				.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(InvalidRequestException.class)
					.extracting("field")
					.isEqualTo("cursor"))
				.verify();
		}
		this.posts.latestByHashtag("cassandra", cursor, 1)
			.as(StepVerifier::create)
			.expectError(InvalidRequestException.class)
			.verify();
	}

	/** Too many hashtags is rejected before anything is written. */
	@Test
	void tooManyHashtagsWriteNothing() {
		UsersByIdRow author = this.fixtures.user();
		UUID postId = UUID.randomUUID();
		String tag = Fixtures.uniqueName();
		this.posts.publish(postId, author.userId(), "#" + tag + " #b #c #d #e #f #g #h #i #j #k", this.fixtures.now())
			.as(StepVerifier::create)
			.expectError(InvalidRequestException.class)
			.verify();
		assertThat(this.fixtures.rows("SELECT post_id FROM posts_by_id WHERE post_id = ?", postId)).isEmpty();
		assertThat(this.fixtures.rows("SELECT day FROM hashtag_days WHERE hashtag = ?", tag)).isEmpty();
		this.posts.latestByUser(author.userId(), null, 20, this.fixtures.now())
			.map(Page::items)
			.as(StepVerifier::create)
			.expectNext(List.of())
			.verifyComplete();
	}

	/** A post by an unknown user is a 404 and writes nothing. */
	@Test
	void unknownAuthorWritesNothing() {
		UUID postId = UUID.randomUUID();
		String tag = Fixtures.uniqueName();
		this.posts.publish(postId, UUID.randomUUID(), "#" + tag, this.fixtures.now())
			.as(StepVerifier::create)
			.expectError(NotFoundException.class)
			.verify();
		assertThat(this.fixtures.rows("SELECT post_id FROM posts_by_id WHERE post_id = ?", postId)).isEmpty();
		assertThat(this.fixtures.rows("SELECT day FROM hashtag_days WHERE hashtag = ?", tag)).isEmpty();
	}

	/**
	 * Deleting a post removes it from every post table, with its likers and its count.
	 */
	@Test
	@ServesQuery({ "Q2", "Q5", "Q9", "Q17", "Q18" })
	void deletingRemovesEveryCopy() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow fan = this.fixtures.user();
		String tag = Fixtures.uniqueName();
		PostsByIdRow post = this.fixtures.post(author, "#" + tag + " #nosql bye");
		this.likes.like(post.postId(), fan.userId(), this.fixtures.now()).block();
		// The like's transaction carries the node's time: the delete follows it.
		this.fixtures.catchUpWithTheDatabase();
		this.posts.delete(author.userId(), post.postId()).as(StepVerifier::create).verifyComplete();
		assertThat(this.fixtures.rows("SELECT post_id FROM posts_by_id WHERE post_id = ?", post.postId())).isEmpty();
		assertThat(this.fixtures.rows("SELECT post_id FROM posts_by_user WHERE user_id = ? AND month = ?",
				author.userId(), Bucket.of(BucketGranularity.MONTH, post.createdAt()).key()))
			.isEmpty();
		for (String each : List.of(tag, "nosql")) {
			assertThat(this.fixtures.rows(
					"SELECT post_id FROM posts_by_hashtag WHERE hashtag = ? AND day = ? AND post_time = ? AND post_id = ?",
					each, post.day().date(), post.createdAt(), post.postId()))
				.isEmpty();
		}
		assertThat(this.fixtures.rows("SELECT user_id FROM post_likers WHERE post_id = ?", post.postId())).isEmpty();
		assertThat(this.fixtures.rows("SELECT likes FROM post_like_counts WHERE post_id = ?", post.postId())).isEmpty();
		this.posts.findById(post.postId()).as(StepVerifier::create).verifyComplete();
	}

	/** Only the author deletes a post: anyone else gets a 404 and the post stays. */
	@Test
	void deletingSomeoneElsesPostIsNotFound() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow other = this.fixtures.user();
		PostsByIdRow post = this.fixtures.post(author, "mine");
		this.posts.delete(other.userId(), post.postId())
			.as(StepVerifier::create)
			.expectError(NotFoundException.class)
			.verify();
		assertThat(this.fixtures.rows("SELECT post_id FROM posts_by_id WHERE post_id = ?", post.postId())).hasSize(1);
	}

}
