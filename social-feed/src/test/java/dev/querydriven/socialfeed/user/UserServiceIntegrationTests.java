package dev.querydriven.socialfeed.user;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.socialfeed.Fixtures;
import dev.querydriven.socialfeed.SocialFeedIntegrationTest;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Registration against the real node: the profile and both claims, conflicts that leave
 * nothing behind, claims released only by their owner, and races with exactly one winner.
 */
@SocialFeedIntegrationTest
class UserServiceIntegrationTests {

	@Autowired
	private UserService users;

	@Autowired
	private UserRepository repository;

	@Autowired
	private Fixtures fixtures;

	/**
	 * A registration writes the profile and claims the username and the email,
	 * lower-case.
	 */
	@Test
	@ServesQuery({ "Q1", "Q7", "Q8" })
	void registrationWritesProfileAndBothClaims() {
		String name = Fixtures.uniqueName();
		UUID id = UUID.randomUUID();
		Instant at = Instant.parse("2026-01-15T08:30:00.123456Z");
		this.users.register(id, new NewUser(name.toUpperCase(), name + "@Example.COM", " Ada "), at)
			.as(StepVerifier::create)
			.assertNext((user) -> {
				assertThat(user.username()).isEqualTo(name);
				assertThat(user.email()).isEqualTo(name + "@example.com");
				assertThat(user.displayName()).isEqualTo("Ada");
				assertThat(user.createdAt()).isEqualTo(at.truncatedTo(ChronoUnit.MILLIS));
			})
			.verifyComplete();
		assertThat(this.fixtures.rows("SELECT username, email, display_name FROM users_by_id WHERE user_id = ?", id))
			.singleElement()
			.satisfies((row) -> assertThat(row.getString("email")).isEqualTo(name + "@example.com"));
		assertThat(this.fixtures.uuid("SELECT user_id FROM users_by_username WHERE username = ?", name)).isEqualTo(id);
		assertThat(this.fixtures.uuid("SELECT user_id FROM users_by_email WHERE email = ?", name + "@example.com"))
			.isEqualTo(id);
		this.users.findByUsername(name.toUpperCase())
			.map(UsersByIdRow::userId)
			.as(StepVerifier::create)
			.expectNext(id)
			.verifyComplete();
		this.users.findByEmail(name + "@EXAMPLE.com")
			.map(UsersByIdRow::userId)
			.as(StepVerifier::create)
			.expectNext(id)
			.verifyComplete();
	}

	/**
	 * A taken username is a conflict, and the loser writes no profile and no email claim.
	 */
	@Test
	@ServesQuery("Q7")
	void takenUsernameIsConflictAndWritesNothing() {
		UsersByIdRow first = this.fixtures.user();
		UUID loser = UUID.randomUUID();
		String email = Fixtures.uniqueName() + "@example.com";
		this.users.register(loser, new NewUser(first.username(), email, "Loser"), this.fixtures.now())
			.as(StepVerifier::create)
			.expectError(ConflictException.class)
			.verify();
		assertThat(this.fixtures.rows("SELECT user_id FROM users_by_id WHERE user_id = ?", loser)).isEmpty();
		assertThat(this.fixtures.rows("SELECT user_id FROM users_by_email WHERE email = ?", email)).isEmpty();
		assertThat(this.fixtures.uuid("SELECT user_id FROM users_by_username WHERE username = ?", first.username()))
			.isEqualTo(first.userId());
	}

	/**
	 * A registration whose email is taken releases the username it had already claimed,
	 * so the name is free again.
	 */
	@Test
	@ServesQuery({ "Q7", "Q8" })
	void takenEmailReleasesTheOwnUsernameClaim() {
		UsersByIdRow first = this.fixtures.user();
		String name = Fixtures.uniqueName();
		this.users.register(UUID.randomUUID(), new NewUser(name, first.email(), "Second"), this.fixtures.now())
			.as(StepVerifier::create)
			.expectErrorSatisfies(
					(error) -> assertThat(error).isInstanceOf(ConflictException.class).hasMessageContaining("email"))
			.verify();
		assertThat(this.fixtures.rows("SELECT user_id FROM users_by_username WHERE username = ?", name)).isEmpty();
		this.users.register(UUID.randomUUID(), new NewUser(name, name + "@example.com", "Third"), this.fixtures.now())
			.map(UsersByIdRow::username)
			.as(StepVerifier::create)
			.expectNext(name)
			.verifyComplete();
	}

	/** Releasing a claim one does not hold changes nothing: the owner keeps it. */
	@Test
	@ServesQuery({ "Q7", "Q8" })
	void releaseNeverRemovesAnotherUsersClaim() {
		UsersByIdRow owner = this.fixtures.user();
		UUID stranger = UUID.randomUUID();
		this.repository.releaseUsername(owner.username(), stranger)
			.as(StepVerifier::create)
			.expectNext(false)
			.verifyComplete();
		this.repository.releaseEmail(owner.email(), stranger)
			.as(StepVerifier::create)
			.expectNext(false)
			.verifyComplete();
		assertThat(this.fixtures.uuid("SELECT user_id FROM users_by_username WHERE username = ?", owner.username()))
			.isEqualTo(owner.userId());
		assertThat(this.fixtures.uuid("SELECT user_id FROM users_by_email WHERE email = ?", owner.email()))
			.isEqualTo(owner.userId());
	}

	/**
	 * Ten concurrent registrations of one username: exactly one wins, and the nine losers
	 * leave no profile and no email claim behind.
	 */
	@Test
	@ServesQuery({ "Q7", "Q8" })
	void concurrentUsernameClaimsLetExactlyOneWin() {
		String name = Fixtures.uniqueName();
		List<UUID> ids = Flux.range(0, 10).map((i) -> UUID.randomUUID()).collectList().block();
		List<Outcome> outcomes = Flux.fromIterable(ids)
			.flatMap((id) -> this.users
				.register(id, new NewUser(name, name + "-" + id + "@example.com", "Racer"), this.fixtures.now())
				.map((user) -> new Outcome(id, true))
				.onErrorResume(ConflictException.class, (ex) -> Mono.just(new Outcome(id, false))), 10)
			.collectList()
			.block();
		assertThat(outcomes).hasSize(10);
		List<UUID> winners = outcomes.stream().filter(Outcome::won).map(Outcome::id).toList();
		assertThat(winners).hasSize(1);
		assertThat(this.fixtures.uuid("SELECT user_id FROM users_by_username WHERE username = ?", name))
			.isEqualTo(winners.get(0));
		for (UUID id : ids) {
			boolean won = winners.contains(id);
			assertThat(this.fixtures.rows("SELECT user_id FROM users_by_id WHERE user_id = ?", id))
				.hasSize(won ? 1 : 0);
			assertThat(this.fixtures.rows("SELECT user_id FROM users_by_email WHERE email = ?",
					name + "-" + id + "@example.com"))
				.hasSize(won ? 1 : 0);
		}
	}

	/**
	 * Concurrent registrations of one email with different usernames: one wins, and every
	 * loser released the username it had claimed.
	 */
	@Test
	@ServesQuery({ "Q7", "Q8" })
	void concurrentEmailClaimsLetExactlyOneWinAndLosersReleaseTheirUsernames() {
		String email = Fixtures.uniqueName() + "@example.com";
		List<String> names = Flux.range(0, 6).map((i) -> Fixtures.uniqueName()).collectList().block();
		List<Boolean> won = Flux.fromIterable(names)
			.flatMap((name) -> this.users
				.register(UUID.randomUUID(), new NewUser(name, email, "Racer"), this.fixtures.now())
				.map((user) -> true)
				.onErrorResume(ConflictException.class, (ex) -> Mono.just(false)), 6)
			.collectList()
			.block();
		assertThat(won).containsOnlyOnce(true);
		UUID owner = this.fixtures.uuid("SELECT user_id FROM users_by_email WHERE email = ?", email);
		long claimedNames = names.stream()
			.filter((name) -> !this.fixtures.rows("SELECT user_id FROM users_by_username WHERE username = ?", name)
				.isEmpty())
			.count();
		assertThat(claimedNames).isEqualTo(1);
		assertThat(this.fixtures.rows("SELECT user_id FROM users_by_id WHERE user_id = ?", owner)).hasSize(1);
	}

	private record Outcome(UUID id, boolean won) {

	}

}
