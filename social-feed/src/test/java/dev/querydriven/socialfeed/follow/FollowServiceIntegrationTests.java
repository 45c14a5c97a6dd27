package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.socialfeed.Fixtures;
import dev.querydriven.socialfeed.SocialFeedIntegrationTest;
import dev.querydriven.socialfeed.timeline.UuidClusteringOrder;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Follows against the real node: both directions written together, the counts next to
 * them, idempotence, validation before any write, follower shards (a new one every 4
 * follows in these tests), and paging across them.
 */
@SocialFeedIntegrationTest
class FollowServiceIntegrationTests {

	@Autowired
	private FollowService follows;

	@Autowired
	private FollowerLookup lookup;

	@Autowired
	private CqlSession session;

	@Autowired
	private Fixtures fixtures;

	/**
	 * A follow writes both directions (with the names copied, and the follower row's
	 * shard recorded with the follower) and counts the follower.
	 */
	@Test
	@ServesQuery({ "Q3", "Q4", "Q11", "Q12" })
	void followWritesBothDirectionsAndCountsTheFollower() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		this.follows.follow(alice.userId(), bob.userId(), this.fixtures.now())
			.as(StepVerifier::create)
			.verifyComplete();
		this.fixtures.assertFollowCopiesAgree(alice, bob);
		assertThat(this.fixtures.rows(
				"SELECT username FROM followers_by_user_shard WHERE user_id = ? AND shard = 0 AND follower_id = ?",
				bob.userId(), alice.userId()))
			.singleElement()
			.satisfies((row) -> assertThat(row.getString("username")).isEqualTo(alice.username()));
		assertThat(this.fixtures.rows(
				"SELECT username, follower_shards FROM following_by_user WHERE user_id = ? AND followed_id = ?",
				alice.userId(), bob.userId()))
			.singleElement()
			.satisfies((row) -> {
				assertThat(row.getString("username")).isEqualTo(bob.username());
				assertThat(row.getSet("follower_shards", Integer.class)).containsExactly(0);
			});
		assertThat(followerCount(bob)).isEqualTo(1);
		assertThat(followsReceived(bob)).isEqualTo(1);
	}

	/** Following twice changes nothing: one row each way, a count of one. */
	@Test
	@ServesQuery({ "Q11", "Q12" })
	void followIsIdempotent() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		this.fixtures.follow(alice, bob);
		this.fixtures.follow(alice, bob);
		assertThat(followerRows(bob, 0)).hasSize(1);
		assertThat(followerCount(bob)).isEqualTo(1);
		assertThat(followsReceived(bob)).isEqualTo(1);
	}

	/**
	 * An unfollow removes both directions and the follower from the count; a second one
	 * changes nothing. The follows received keep counting: they number shards.
	 */
	@Test
	@ServesQuery({ "Q3", "Q4", "Q12" })
	void unfollowRemovesBothDirections() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		this.fixtures.follow(alice, bob);
		this.fixtures.unfollow(alice, bob);
		this.fixtures.unfollow(alice, bob);
		assertThat(followerRows(bob, 0)).isEmpty();
		assertThat(this.fixtures.rows("SELECT followed_id FROM following_by_user WHERE user_id = ?", alice.userId()))
			.isEmpty();
		assertThat(followerCount(bob)).isZero();
		assertThat(followsReceived(bob)).isEqualTo(1);
	}

	/**
	 * Two requests for the same follow that raced across a shard boundary leave the
	 * follower in two shards, both recorded in the follower's set (concurrent additions
	 * to a set merge): the unfollow deletes the follower from each. The race itself
	 * cannot be timed in a test, so its outcome is written directly.
	 */
	@Test
	@ServesQuery({ "Q3", "Q11" })
	void unfollowDeletesTheFollowerFromEveryShardTheFollowRecorded() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		this.fixtures.follow(alice, bob);
		this.session.execute(SimpleStatement.newInstance(
				"INSERT INTO followers_by_user_shard (user_id, shard, follower_id, username, display_name, followed_at) "
						+ "VALUES (?, 1, ?, ?, ?, ?)",
				bob.userId(), alice.userId(), alice.username(), alice.displayName(), this.fixtures.now()));
		this.session.execute(SimpleStatement.newInstance(
				"UPDATE following_by_user SET follower_shards = follower_shards + {1} WHERE user_id = ? AND followed_id = ?",
				alice.userId(), bob.userId()));
		// Those writes carry the wall clock's time: the unfollow follows them.
		this.fixtures.catchUpWithTheDatabase();
		this.fixtures.unfollow(alice, bob);
		assertThat(followerRows(bob, 0)).isEmpty();
		assertThat(followerRows(bob, 1)).isEmpty();
		assertThat(this.fixtures.rows("SELECT followed_id FROM following_by_user WHERE user_id = ?", alice.userId()))
			.isEmpty();
	}

	/**
	 * Every 4 follows (in these tests) open a new shard: 9 followers fill shards 0, 1 and
	 * 2, and a fan-out's recipients are every follower of every shard.
	 */
	@Test
	@ServesQuery({ "Q3", "Q12" })
	void followersFillShardsInArrivalOrderAndRecipientsSpanThemAll() {
		UsersByIdRow author = this.fixtures.user();
		List<UUID> followers = new ArrayList<>();
		for (int i = 0; i < 9; i++) {
			UsersByIdRow follower = this.fixtures.user();
			this.fixtures.follow(follower, author);
			followers.add(follower.userId());
		}
		assertThat(followerIds(author, 0)).containsExactlyInAnyOrderElementsOf(followers.subList(0, 4));
		assertThat(followerIds(author, 1)).containsExactlyInAnyOrderElementsOf(followers.subList(4, 8));
		assertThat(followerIds(author, 2)).containsExactly(followers.get(8));
		assertThat(followsReceived(author)).isEqualTo(9);
		this.lookup.followerIds(author.userId())
			.collectList()
			.as(StepVerifier::create)
			.assertNext((recipients) -> assertThat(recipients).containsExactlyInAnyOrderElementsOf(followers))
			.verifyComplete();
	}

	/**
	 * Twelve users following one author at once read the counter concurrently, so the
	 * shards fill unevenly; paging still lists each follower exactly once, because the
	 * walk ends at the shard numbered by the count every follow was acknowledged under.
	 */
	@Test
	@ServesQuery("Q3")
	void concurrentFollowersAreEachListedOnce() {
		UsersByIdRow author = this.fixtures.user();
		List<UsersByIdRow> fans = new ArrayList<>();
		for (int i = 0; i < 12; i++) {
			fans.add(this.fixtures.user());
		}
		Flux.fromIterable(fans)
			.flatMap((fan) -> this.follows.follow(fan.userId(), author.userId(), this.fixtures.now()), 12)
			.as(StepVerifier::create)
			.verifyComplete();
		assertThat(allFollowers(author, 5))
			.containsExactlyInAnyOrderElementsOf(fans.stream().map(UsersByIdRow::userId).toList());
	}

	/** Following oneself is rejected before anything is written. */
	@Test
	void followingOneselfIsRejectedAndWritesNothing() {
		UsersByIdRow alice = this.fixtures.user();
		this.follows.follow(alice.userId(), alice.userId(), this.fixtures.now())
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(InvalidRequestException.class)
				.extracting("field")
				.isEqualTo("targetId"))
			.verify();
		assertThat(followerRows(alice, 0)).isEmpty();
	}

	/** Following an unknown user is a 404, and nothing is written for either user. */
	@Test
	void followingAnUnknownUserIsNotFoundAndWritesNothing() {
		UsersByIdRow alice = this.fixtures.user();
		UUID ghost = UUID.randomUUID();
		this.follows.follow(alice.userId(), ghost, this.fixtures.now())
			.as(StepVerifier::create)
			.expectError(NotFoundException.class)
			.verify();
		this.follows.follow(ghost, alice.userId(), this.fixtures.now())
			.as(StepVerifier::create)
			.expectError(NotFoundException.class)
			.verify();
		assertThat(this.fixtures.rows("SELECT followed_id FROM following_by_user WHERE user_id = ?", alice.userId()))
			.isEmpty();
		assertThat(followerRows(alice, 0)).isEmpty();
		assertThat(followerRows(ghost, 0)).isEmpty();
	}

	/**
	 * Paging the followers returns each follower exactly once, shard by shard and in id
	 * order within a shard, pages crossing from one shard to the next.
	 */
	@Test
	@ServesQuery("Q3")
	void followersPagesReturnEveryFollowerOnceInOrder() {
		UsersByIdRow author = this.fixtures.user();
		List<UUID> firstShard = new ArrayList<>();
		List<UUID> secondShard = new ArrayList<>();
		for (int i = 0; i < 7; i++) {
			UsersByIdRow follower = this.fixtures.user();
			this.fixtures.follow(follower, author);
			((i < 4) ? firstShard : secondShard).add(follower.userId());
		}
		// Cassandra sorts random (version 4) UUIDs as unsigned bytes, which is their hex
		// text.
		firstShard.sort(Comparator.comparing(UUID::toString));
		secondShard.sort(Comparator.comparing(UUID::toString));
		List<UUID> expected = new ArrayList<>(firstShard);
		expected.addAll(secondShard);
		List<UUID> seen = new ArrayList<>();
		String cursor = null;
		int pages = 0;
		do {
			Page<FollowersByUserShardRow> page = this.follows.followers(author.userId(), cursor, 3).block();
			page.items().forEach((row) -> seen.add(row.followerId()));
			cursor = page.next();
			pages++;
		}
		while (cursor != null);
		assertThat(pages).isEqualTo(3);
		assertThat(seen).containsExactlyElementsOf(expected);
	}

	/**
	 * Shards emptied by unfollows cost a page at most its cap of shard reads: the first
	 * page reads four empty shards and answers with no followers and a cursor, the next
	 * goes on from the fifth shard and finds the follower behind them.
	 */
	@Test
	@ServesQuery("Q3")
	void followersBehindEmptiedShardsComeOnALaterPage() {
		UsersByIdRow author = this.fixtures.user();
		// Twenty follows received and left again, counted as the service counts them:
		// shards 0 to 4 at the tests' 4 a shard, all empty.
		this.fixtures.rows("UPDATE follower_counts SET followers = followers + 20, "
				+ "follows_received = follows_received + 20 WHERE user_id = ?", author.userId());
		this.fixtures.rows("UPDATE follower_counts SET followers = followers - 20 WHERE user_id = ?", author.userId());
		UsersByIdRow follower = this.fixtures.user();
		this.fixtures.follow(follower, author);

		Page<FollowersByUserShardRow> first = this.follows.followers(author.userId(), null, 10).block();
		assertThat(first.items()).isEmpty();
		assertThat(first.next()).isNotNull();
		Page<FollowersByUserShardRow> second = this.follows.followers(author.userId(), first.next(), 10).block();
		assertThat(second.items()).extracting(FollowersByUserShardRow::followerId).containsExactly(follower.userId());
		assertThat(second.items()).extracting(FollowersByUserShardRow::shard).containsExactly(5);
		assertThat(second.next()).isNull();
	}

	/** A cursor issued for one user's list is refused on another's. */
	/**
	 * The users a user follows come in followed-id order, page after page, each exactly
	 * once: the next page continues strictly after the last id of the previous one.
	 */
	@Test
	@ServesQuery("Q4")
	void followingPagesInFollowedIdOrder() {
		UsersByIdRow alice = this.fixtures.user();
		List<UUID> followed = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			UsersByIdRow other = this.fixtures.user();
			this.fixtures.follow(alice, other);
			followed.add(other.userId());
		}
		followed.sort(UuidClusteringOrder.UUID_TYPE);
		List<UUID> seen = new ArrayList<>();
		String cursor = null;
		do {
			Page<FollowingByUserRow> page = this.follows.following(alice.userId(), cursor, 2).block();
			assertThat(page.items()).hasSizeLessThanOrEqualTo(2);
			page.items().forEach((row) -> seen.add(row.followedId()));
			cursor = page.next();
		}
		while (cursor != null);
		assertThat(seen).containsExactlyElementsOf(followed);
	}

	@Test
	@ServesQuery("Q4")
	void cursorOfAnotherListIsRejected() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		for (int i = 0; i < 3; i++) {
			this.fixtures.follow(alice, this.fixtures.user());
		}
		String cursor = this.follows.following(alice.userId(), null, 1).block().next();
		assertThat(cursor).isNotNull();
		this.follows.following(bob.userId(), cursor, 1)
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(InvalidRequestException.class)
				.extracting("field")
				.isEqualTo("cursor"))
			.verify();
	}

	private List<UUID> allFollowers(UsersByIdRow user, int pageSize) {
		List<UUID> seen = new ArrayList<>();
		String cursor = null;
		do {
			Page<FollowersByUserShardRow> page = this.follows.followers(user.userId(), cursor, pageSize).block();
			page.items().forEach((row) -> seen.add(row.followerId()));
			cursor = page.next();
		}
		while (cursor != null);
		return seen;
	}

	private List<Row> followerRows(UsersByIdRow user, int shard) {
		return followerRows(user.userId(), shard);
	}

	private List<Row> followerRows(UUID userId, int shard) {
		return this.fixtures.rows("SELECT follower_id FROM followers_by_user_shard WHERE user_id = ? AND shard = ?",
				userId, shard);
	}

	private List<UUID> followerIds(UsersByIdRow user, int shard) {
		return followerRows(user, shard).stream().map((row) -> row.getUuid("follower_id")).toList();
	}

	/**
	 * A follow from before follower shards, as the follower-shards rebuild leaves it (no
	 * shard recorded, its follower row in shard 0, counted before follow claims existed)
	 * is unfollowed from shard 0 and uncounted once; followed again first, it is not
	 * counted twice, and its unfollow still uncounts it once.
	 */
	@Test
	@ServesQuery({ "Q3", "Q11", "Q12", "Q20" })
	void followsFromBeforeShardsAreUnfollowedFromShardZeroAndCountedOnce() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow carol = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		followAsBeforeShards(alice, bob);
		followAsBeforeShards(carol, bob);
		this.follows.follow(alice.userId(), bob.userId(), this.fixtures.tick()).block();
		assertThat(followerCount(bob)).isEqualTo(2);
		assertThat(this.fixtures.rows(
				"SELECT follower_shards FROM following_by_user WHERE user_id = ? AND followed_id = ?", alice.userId(),
				bob.userId()))
			.singleElement()
			.satisfies((row) -> assertThat(row.getSet("follower_shards", Integer.class)).containsExactly(0));
		this.follows.unfollow(alice.userId(), bob.userId(), this.fixtures.tick()).block();
		this.follows.unfollow(carol.userId(), bob.userId(), this.fixtures.tick()).block();
		assertThat(this.fixtures
			.uuids("SELECT follower_id FROM followers_by_user_shard WHERE user_id = ? AND shard = 0", bob.userId()))
			.isEmpty();
		assertThat(followerCount(bob)).isZero();
	}

	/**
	 * A follow written at schema step 006 as the rebuild leaves it: the follower's row of
	 * the follow (no shard recorded), its follower row in shard 0, its count (no claim).
	 */
	private void followAsBeforeShards(UsersByIdRow follower, UsersByIdRow followed) {
		Instant at = this.fixtures.tick().truncatedTo(ChronoUnit.MILLIS);
		long micros = ChronoUnit.MICROS.between(Instant.EPOCH, at);
		this.session.execute(
				SimpleStatement
					.newInstance(
							"INSERT INTO following_by_user (user_id, followed_id, username, display_name, followed_at) "
									+ "VALUES (?, ?, ?, ?, ?)",
							follower.userId(), followed.userId(), followed.username(), followed.displayName(), at)
					.setQueryTimestamp(micros));
		this.session.execute(
				SimpleStatement
					.newInstance(
							"INSERT INTO followers_by_user_shard (user_id, shard, follower_id, username, display_name, "
									+ "followed_at) VALUES (?, 0, ?, ?, ?, ?)",
							followed.userId(), follower.userId(), follower.username(), follower.displayName(), at)
					.setQueryTimestamp(micros));
		this.session.execute(SimpleStatement
			.newInstance("UPDATE follower_counts SET followers = followers + 1 WHERE user_id = ?", followed.userId()));
	}

	private long followerCount(UsersByIdRow user) {
		return counter(user, "followers");
	}

	private long followsReceived(UsersByIdRow user) {
		return counter(user, "follows_received");
	}

	private long counter(UsersByIdRow user, String column) {
		return this.fixtures.rows("SELECT " + column + " FROM follower_counts WHERE user_id = ?", user.userId())
			.stream()
			.mapToLong((row) -> row.getLong(column))
			.sum();
	}

}
