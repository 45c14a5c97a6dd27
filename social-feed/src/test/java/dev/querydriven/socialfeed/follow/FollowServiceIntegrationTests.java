package dev.querydriven.socialfeed.follow;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

import dev.querydriven.modeling.catalog.ServesQuery;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.socialfeed.Fixtures;
import dev.querydriven.socialfeed.SocialFeedIntegrationTest;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Follows against the real node: both directions written together, the count next to
 * them, idempotence, validation before any write, and paging.
 */
@SocialFeedIntegrationTest
class FollowServiceIntegrationTests {

	@Autowired
	private FollowService follows;

	@Autowired
	private Fixtures fixtures;

	/**
	 * A follow writes both directions (with the names copied) and counts the follower.
	 */
	@Test
	@ServesQuery({ "Q3", "Q4", "Q11", "Q12" })
	void followWritesBothDirectionsAndCountsTheFollower() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		this.follows.follow(alice.userId(), bob.userId(), this.fixtures.now())
			.as(StepVerifier::create)
			.verifyComplete();
		assertThat(this.fixtures.rows("SELECT username FROM followers_by_user WHERE user_id = ? AND follower_id = ?",
				bob.userId(), alice.userId()))
			.singleElement()
			.satisfies((row) -> assertThat(row.getString("username")).isEqualTo(alice.username()));
		assertThat(this.fixtures.rows("SELECT username FROM following_by_user WHERE user_id = ? AND followed_id = ?",
				alice.userId(), bob.userId()))
			.singleElement()
			.satisfies((row) -> assertThat(row.getString("username")).isEqualTo(bob.username()));
		assertThat(followerCount(bob)).isEqualTo(1);
	}

	/** Following twice changes nothing: one row each way, a count of one. */
	@Test
	@ServesQuery({ "Q11", "Q12" })
	void followIsIdempotent() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		this.fixtures.follow(alice, bob);
		this.fixtures.follow(alice, bob);
		assertThat(this.fixtures.rows("SELECT follower_id FROM followers_by_user WHERE user_id = ?", bob.userId()))
			.hasSize(1);
		assertThat(followerCount(bob)).isEqualTo(1);
	}

	/**
	 * An unfollow removes both directions and the count; a second one changes nothing.
	 */
	@Test
	@ServesQuery({ "Q3", "Q4", "Q12" })
	void unfollowRemovesBothDirections() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		this.fixtures.follow(alice, bob);
		this.fixtures.unfollow(alice, bob);
		this.fixtures.unfollow(alice, bob);
		assertThat(this.fixtures.rows("SELECT follower_id FROM followers_by_user WHERE user_id = ?", bob.userId()))
			.isEmpty();
		assertThat(this.fixtures.rows("SELECT followed_id FROM following_by_user WHERE user_id = ?", alice.userId()))
			.isEmpty();
		assertThat(followerCount(bob)).isZero();
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
		assertThat(this.fixtures.rows("SELECT follower_id FROM followers_by_user WHERE user_id = ?", alice.userId()))
			.isEmpty();
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
		assertThat(this.fixtures.rows("SELECT follower_id FROM followers_by_user WHERE user_id = ?", alice.userId()))
			.isEmpty();
		assertThat(this.fixtures.rows("SELECT follower_id FROM followers_by_user WHERE user_id = ?", ghost)).isEmpty();
	}

	/** Paging the followers returns each follower exactly once, in id order. */
	@Test
	@ServesQuery("Q3")
	void followersPagesReturnEveryFollowerOnceInOrder() {
		UsersByIdRow author = this.fixtures.user();
		List<UUID> expected = new ArrayList<>();
		for (int i = 0; i < 7; i++) {
			UsersByIdRow follower = this.fixtures.user();
			this.fixtures.follow(follower, author);
			expected.add(follower.userId());
		}
		// Cassandra sorts random (version 4) UUIDs as unsigned bytes, which is their hex
		// text.
		expected.sort(Comparator.comparing(UUID::toString));
		List<UUID> seen = new ArrayList<>();
		String cursor = null;
		int pages = 0;
		do {
			Page<FollowersByUserRow> page = this.follows.followers(author.userId(), cursor, 3).block();
			page.items().forEach((row) -> seen.add(row.followerId()));
			cursor = page.next();
			pages++;
		}
		while (cursor != null);
		assertThat(pages).isEqualTo(3);
		assertThat(seen).containsExactlyElementsOf(expected);
	}

	/** A cursor issued for one user's list is refused on another's. */
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

	private long followerCount(UsersByIdRow user) {
		return this.fixtures.rows("SELECT followers FROM follower_counts WHERE user_id = ?", user.userId())
			.stream()
			.mapToLong((row) -> row.getLong("followers"))
			.sum();
	}

}
