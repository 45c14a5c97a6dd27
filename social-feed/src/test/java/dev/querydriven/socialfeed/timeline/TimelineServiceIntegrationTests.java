package dev.querydriven.socialfeed.timeline;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.socialfeed.Fixtures;
import dev.querydriven.socialfeed.SocialFeedIntegrationTest;
import dev.querydriven.socialfeed.follow.FollowService;
import dev.querydriven.socialfeed.paging.PostCursors;
import dev.querydriven.socialfeed.paging.TimelinePosition;
import dev.querydriven.socialfeed.post.PostService;
import dev.querydriven.socialfeed.post.PostsByIdRow;
import dev.querydriven.socialfeed.user.UserService;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Timelines against the real node, with a fan-out threshold of 3: fan-out on write,
 * paging across days, the read-time merge of high-fanout authors, follows without
 * backfill, unfollows that hide, and deletes that reach every copy.
 */
@SocialFeedIntegrationTest
class TimelineServiceIntegrationTests {

	/**
	 * The order of every post list: newest first, ties broken by id as Cassandra sorts
	 * uuids.
	 */
	private static final Comparator<TimelinePosition> NEWEST_FIRST = HybridTimeline
		.newestFirst(UuidClusteringOrder.UUID_TYPE);

	@Autowired
	private TimelineService timelines;

	@Autowired
	private PostService posts;

	@Autowired
	private FollowService follows;

	@Autowired
	private Fixtures fixtures;

	@Autowired
	private TimelineRepository repository;

	@Autowired
	private UserService users;

	@Autowired
	private PostCursors cursors;

	@Autowired
	private TimelineProperties properties;

	/**
	 * When the post call returns, every follower's timeline holds the post (with a TTL),
	 * and the post's recipients are recorded; the author's own timeline does not.
	 */
	@Test
	@ServesQuery({ "Q6", "Q16" })
	void fanOutPutsThePostInEveryFollowersTimelineBeforeReturning() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow first = this.fixtures.user();
		UsersByIdRow second = this.fixtures.user();
		this.fixtures.follow(first, author);
		this.fixtures.follow(second, author);
		PostsByIdRow post = this.fixtures.post(author, "#cassandra hello");
		for (UsersByIdRow follower : List.of(first, second)) {
			assertThat(this.fixtures.rows("SELECT author_id, content, TTL(content) AS ttl FROM user_timeline "
					+ "WHERE user_id = ? AND day = ?", follower.userId(), post.day().date()))
				.singleElement()
				.satisfies((row) -> {
					assertThat(row.getUuid("author_id")).isEqualTo(author.userId());
					assertThat(row.getString("content")).isEqualTo("#cassandra hello");
					assertThat(row.getInt("ttl")).isBetween(1, (int) Duration.ofDays(30).toSeconds());
				});
		}
		assertThat(this.fixtures.uuids("SELECT recipient_id FROM timeline_deliveries_by_post WHERE post_id = ?",
				post.postId()))
			.containsExactlyInAnyOrder(first.userId(), second.userId());
		assertThat(this.fixtures.rows("SELECT post_id FROM user_timeline WHERE user_id = ? AND day = ?",
				author.userId(), post.day().date()))
			.isEmpty();
	}

	/**
	 * A timeline pages across daily buckets newest first, every followed post exactly
	 * once, and nothing from authors the reader does not follow.
	 */
	@Test
	@ServesQuery("Q6")
	void timelineShowsFollowedAuthorsPostsNewestFirstAcrossDays() {
		Instant now = this.fixtures.now();
		UsersByIdRow reader = this.fixtures.user();
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		UsersByIdRow stranger = this.fixtures.user();
		this.fixtures.follow(reader, alice);
		this.fixtures.follow(reader, bob);
		List<PostsByIdRow> expected = new ArrayList<>();
		Instant sameMillisecond = now.minus(Duration.ofDays(2)).truncatedTo(ChronoUnit.MILLIS);
		expected.add(this.fixtures.post(alice, "same instant a", sameMillisecond));
		expected.add(this.fixtures.post(bob, "same instant b", sameMillisecond));
		for (int hours : List.of(200, 75, 26, 5, 0)) {
			expected.add(this.fixtures.post((hours % 2 == 0) ? alice : bob, hours + "h ago",
					now.minus(Duration.ofHours(hours))));
		}
		this.fixtures.post(stranger, "not followed", now.minus(Duration.ofHours(1)));
		this.fixtures.post(reader, "my own post", now.minus(Duration.ofHours(1)));
		assertThat(readAll(reader, 3, now.plusSeconds(1))).containsExactlyElementsOf(newestFirst(expected));
	}

	/** Following someone does not copy their earlier posts: only later ones arrive. */
	@Test
	@ServesQuery("Q6")
	void followingDoesNotBackfill() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow reader = this.fixtures.user();
		this.fixtures.post(author, "before the follow");
		this.fixtures.follow(reader, author);
		PostsByIdRow after = this.fixtures.post(author, "after the follow");
		assertThat(readAll(reader, 20, this.fixtures.now().plusSeconds(1))).containsExactly(after.postId());
	}

	/**
	 * An unfollow hides the author's entries and stops the fan-out to the reader; a later
	 * follow shows the author's new posts only.
	 */
	@Test
	@ServesQuery({ "Q6", "Q15" })
	void unfollowHidesTheAuthorAndStopsFanOut() {
		UsersByIdRow reader = this.fixtures.user();
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		this.fixtures.follow(reader, alice);
		this.fixtures.follow(reader, bob);
		PostsByIdRow hidden = this.fixtures.post(alice, "soon hidden");
		PostsByIdRow kept = this.fixtures.post(bob, "kept");
		this.fixtures.unfollow(reader, alice);
		assertThat(this.fixtures.rows(
				"SELECT hidden_before FROM timeline_hidden_authors WHERE user_id = ? AND " + "author_id = ?",
				reader.userId(), alice.userId()))
			.hasSize(1);
		assertThat(readAll(reader, 20, this.fixtures.now().plusSeconds(1))).containsExactly(kept.postId());
		PostsByIdRow notDelivered = this.fixtures.post(alice, "while unfollowed");
		assertThat(this.fixtures.uuids("SELECT recipient_id FROM timeline_deliveries_by_post WHERE post_id = ?",
				notDelivered.postId()))
			.doesNotContain(reader.userId());
		this.fixtures.follow(reader, alice, this.fixtures.now().plusMillis(5));
		PostsByIdRow fresh = this.posts
			.publish(UUID.randomUUID(), alice.userId(), "after the new follow", this.fixtures.now().plusMillis(10))
			.block();
		assertThat(readAll(reader, 20, this.fixtures.now().plusSeconds(1))).containsExactly(fresh.postId(),
				kept.postId());
		assertThat(hidden.postId()).isNotIn(readAll(reader, 20, this.fixtures.now().plusSeconds(1)));
	}

	/**
	 * The follow that reaches the threshold promotes the author once: every follower gets
	 * a pull row, later posts are not fanned out, and each follower's timeline merges
	 * them with fanned-out posts in order, page after page.
	 */
	@Test
	@ServesQuery({ "Q6", "Q12", "Q13", "Q14", "Q16" })
	void authorReachingTheThresholdIsMergedAtReadTimeInOrder() {
		Instant now = this.fixtures.now();
		Instant earlier = now.minus(Duration.ofDays(1));
		UsersByIdRow star = this.fixtures.user(earlier.minusSeconds(60));
		UsersByIdRow friend = this.fixtures.user(earlier.minusSeconds(60));
		List<UsersByIdRow> fans = List.of(this.fixtures.user(), this.fixtures.user());
		UsersByIdRow reader = this.fixtures.user();
		this.fixtures.follow(reader, friend, earlier);
		this.fixtures.follow(reader, star, earlier);
		this.fixtures.follow(fans.get(0), star, earlier);
		List<PostsByIdRow> expected = new ArrayList<>();
		expected.add(this.fixtures.post(star, "pushed", now.minus(Duration.ofHours(6))));
		this.fixtures.follow(fans.get(1), star, earlier.plusSeconds(1));
		assertThat(this.fixtures.rows("SELECT since, followers_migrated FROM high_fanout_authors WHERE author_id = ?",
				star.userId()))
			.singleElement()
			.satisfies((row) -> assertThat(row.getBoolean("followers_migrated")).isTrue());
		for (UsersByIdRow follower : List.of(reader, fans.get(0), fans.get(1))) {
			assertThat(this.fixtures.uuids(
					"SELECT author_id FROM high_fanout_following_by_user WHERE user_id = ? AND author_id = ?",
					follower.userId(), star.userId()))
				.containsExactly(star.userId());
		}
		expected.add(this.fixtures.post(friend, "friend 1", now.minus(Duration.ofHours(5))));
		PostsByIdRow pulled = this.fixtures.post(star, "pulled 1", now.minus(Duration.ofHours(4)));
		expected.add(pulled);
		expected.add(this.fixtures.post(friend, "friend 2", now.minus(Duration.ofHours(3))));
		expected.add(this.fixtures.post(star, "pulled 2", now.minus(Duration.ofHours(2))));
		expected.add(this.fixtures.post(friend, "friend 3", now.minus(Duration.ofHours(1))));
		assertThat(this.fixtures.rows("SELECT recipient_id FROM timeline_deliveries_by_post WHERE post_id = ?",
				pulled.postId()))
			.isEmpty();
		assertThat(this.fixtures.rows(
				"SELECT post_id FROM user_timeline WHERE user_id = ? AND day = ? AND post_time = ? AND post_id = ?",
				reader.userId(), pulled.day().date(), pulled.createdAt(), pulled.postId()))
			.isEmpty();
		assertThat(readAll(reader, 2, now.plusSeconds(1))).containsExactlyElementsOf(newestFirst(expected));
		// The last follower follows only the star. Its follow (a day ago) came before
		// "pushed", which was fanned out to the two earlier followers only: it reaches
		// this follower by the pull, which starts at the promotion.
		assertThat(readAll(fans.get(1), 20, now.plusSeconds(1))).containsExactly(expected.get(4).postId(),
				pulled.postId(), expected.get(0).postId());
	}

	/**
	 * A reader who follows more high-fanout authors than a page may merge sees the posts
	 * of as many as the cap allows, the first in the table's order (author id), on every
	 * page alike; without the cap, all of them.
	 */
	@Test
	@ServesQuery({ "Q6", "Q14" })
	void aPageMergesNoMoreHighFanoutAuthorsThanTheCap() {
		Instant now = this.fixtures.now();
		Instant earlier = now.minus(Duration.ofDays(1));
		UsersByIdRow reader = this.fixtures.user();
		List<UsersByIdRow> stars = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			UsersByIdRow star = this.fixtures.user(earlier.minusSeconds(60));
			this.fixtures.rows("INSERT INTO high_fanout_following_by_user (user_id, author_id, since) VALUES (?, ?, ?)",
					reader.userId(), star.userId(), earlier);
			stars.add(star);
		}
		stars.sort(Comparator.comparing(UsersByIdRow::userId, UuidClusteringOrder.UUID_TYPE));
		List<PostsByIdRow> all = new ArrayList<>();
		for (int hours = 1; hours <= 6; hours++) {
			all.add(this.fixtures.post(stars.get(hours % 3), hours + "h ago", now.minus(Duration.ofHours(hours))));
		}
		TimelineProperties capAtTwo = new TimelineProperties(this.properties.fanOutThreshold(),
				this.properties.fanOutConcurrency(), this.properties.retention(), this.properties.promotionOverlap(),
				2);
		TimelineService capped = new TimelineService(this.repository, this.posts, this.users, this.cursors, capAtTwo,
				new SimpleMeterRegistry());
		List<PostsByIdRow> firstTwoAuthors = all.stream()
			.filter((post) -> !post.authorId().equals(stars.get(2).userId()))
			.toList();
		assertThat(readAll(capped, reader, 1, now.plusSeconds(1)))
			.containsExactlyElementsOf(newestFirst(firstTwoAuthors));
		assertThat(readAll(this.timelines, reader, 1, now.plusSeconds(1))).containsExactlyElementsOf(newestFirst(all));
	}

	/**
	 * A new follower of a high-fanout author pulls only the posts made after the follow.
	 */
	@Test
	@ServesQuery({ "Q13", "Q14" })
	void newFollowerOfAHighFanoutAuthorPullsOnlyLaterPosts() {
		Instant now = this.fixtures.now();
		UsersByIdRow star = this.fixtures.user(now.minus(Duration.ofDays(2)));
		for (int i = 0; i < 3; i++) {
			this.fixtures.follow(this.fixtures.user(), star, now.minus(Duration.ofDays(1)));
		}
		this.fixtures.post(star, "before", now.minus(Duration.ofHours(3)));
		UsersByIdRow late = this.fixtures.user();
		this.fixtures.follow(late, star, now.minus(Duration.ofHours(2)));
		PostsByIdRow after = this.fixtures.post(star, "after", now.minus(Duration.ofHours(1)));
		assertThat(readAll(late, 20, now.plusSeconds(1))).containsExactly(after.postId());
	}

	/**
	 * Six users following one author at once cross the threshold together: the author is
	 * promoted exactly once and every follower ends up pulling the author's posts.
	 */
	@Test
	@ServesQuery({ "Q12", "Q13", "Q14" })
	void concurrentFollowsCrossingTheThresholdPromoteOnceAndMigrateEveryone() {
		UsersByIdRow star = this.fixtures.user();
		List<UsersByIdRow> fans = Flux.range(0, 6).map((i) -> this.fixtures.user()).collectList().block();
		Instant now = this.fixtures.now();
		Flux.fromIterable(fans).flatMap((fan) -> this.follows.follow(fan.userId(), star.userId(), now), 6).blockLast();
		assertThat(this.fixtures.rows("SELECT followers_migrated FROM high_fanout_authors WHERE author_id = ?",
				star.userId()))
			.singleElement()
			.satisfies((row) -> assertThat(row.getBoolean("followers_migrated")).isTrue());
		for (UsersByIdRow fan : fans) {
			assertThat(this.fixtures.uuids(
					"SELECT author_id FROM high_fanout_following_by_user WHERE user_id = ? AND author_id = ?",
					fan.userId(), star.userId()))
				.containsExactly(star.userId());
		}
	}

	/**
	 * Deleting a post removes it from every timeline it was delivered to, including the
	 * timeline of a reader who unfollowed since, and the record of its recipients.
	 */
	@Test
	@ServesQuery({ "Q6", "Q16" })
	void deletingAPostRemovesItFromEveryTimeline() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow stays = this.fixtures.user();
		UsersByIdRow leaves = this.fixtures.user();
		this.fixtures.follow(stays, author);
		this.fixtures.follow(leaves, author);
		PostsByIdRow post = this.fixtures.post(author, "#oops");
		this.fixtures.unfollow(leaves, author);
		this.posts.delete(author.userId(), post.postId()).as(StepVerifier::create).verifyComplete();
		for (UsersByIdRow reader : List.of(stays, leaves)) {
			assertThat(this.fixtures.rows("SELECT post_id FROM user_timeline WHERE user_id = ? AND day = ?",
					reader.userId(), post.day().date()))
				.isEmpty();
		}
		assertThat(this.fixtures.rows("SELECT recipient_id FROM timeline_deliveries_by_post WHERE post_id = ?",
				post.postId()))
			.isEmpty();
		assertThat(readAll(stays, 20, this.fixtures.now().plusSeconds(1))).isEmpty();
	}

	/** A post older than the timeline's reach is not copied anywhere. */
	@Test
	@ServesQuery({ "Q6", "Q16" })
	void postsOlderThanTheRetentionAreNotFannedOut() {
		Instant now = this.fixtures.now();
		UsersByIdRow author = this.fixtures.user(now.minus(Duration.ofDays(60)));
		UsersByIdRow reader = this.fixtures.user();
		this.fixtures.follow(reader, author);
		PostsByIdRow old = this.fixtures.post(author, "old news", now.minus(Duration.ofDays(31)));
		assertThat(this.fixtures.rows("SELECT recipient_id FROM timeline_deliveries_by_post WHERE post_id = ?",
				old.postId()))
			.isEmpty();
		assertThat(this.fixtures.rows("SELECT post_id FROM user_timeline WHERE user_id = ? AND day = ?",
				reader.userId(), old.day().date()))
			.isEmpty();
	}

	/** Another reader's cursor is rejected; an unknown reader is a 404. */
	@Test
	@ServesQuery("Q6")
	void foreignCursorsAndUnknownReadersAreRejected() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow reader = this.fixtures.user();
		UsersByIdRow other = this.fixtures.user();
		this.fixtures.follow(reader, author);
		this.fixtures.post(author, "one");
		this.fixtures.post(author, "two");
		String cursor = this.timelines.read(reader.userId(), null, 1, this.fixtures.now().plusSeconds(1))
			.block()
			.next();
		assertThat(cursor).isNotNull();
		this.timelines.read(other.userId(), cursor, 1, this.fixtures.now())
			.as(StepVerifier::create)
			.expectError(InvalidRequestException.class)
			.verify();
		this.timelines.read(UUID.randomUUID(), null, 1, this.fixtures.now())
			.as(StepVerifier::create)
			.expectError(NotFoundException.class)
			.verify();
	}

	private List<UUID> readAll(UsersByIdRow reader, int limit, Instant now) {
		return readAll(this.timelines, reader, limit, now);
	}

	private static List<UUID> readAll(TimelineService timelines, UsersByIdRow reader, int limit, Instant now) {
		List<UUID> seen = new ArrayList<>();
		String cursor = null;
		do {
			Page<UserTimelineRow> page = timelines.read(reader.userId(), cursor, limit, now).block();
			assertThat(page.items()).hasSizeLessThanOrEqualTo(limit);
			page.items().forEach((entry) -> seen.add(entry.postId()));
			cursor = page.next();
		}
		while (cursor != null);
		return seen;
	}

	private static List<UUID> newestFirst(List<PostsByIdRow> posts) {
		return posts.stream()
			.sorted((left, right) -> NEWEST_FIRST.compare(left.position(), right.position()))
			.map(PostsByIdRow::postId)
			.toList();
	}

}
