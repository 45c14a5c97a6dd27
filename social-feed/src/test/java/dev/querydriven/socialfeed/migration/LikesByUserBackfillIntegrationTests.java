package dev.querydriven.socialfeed.migration;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.socialfeed.Fixtures;
import dev.querydriven.socialfeed.SocialFeedIntegrationTest;
import dev.querydriven.socialfeed.post.LikeService;
import dev.querydriven.socialfeed.post.LikesByUserRow;
import dev.querydriven.socialfeed.post.PostsByIdRow;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import dev.querydriven.tablemigration.MigrationEngine;
import dev.querydriven.tablemigration.MigrationPhase;
import dev.querydriven.tablemigration.MigrationSettings;
import dev.querydriven.tablemigration.MigrationStatus;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The likes-by-user backfill on the service's keyspace: likes made before
 * {@code likes_by_user} existed are copied in from {@code post_likers}, with the like's
 * own time as the write timestamp, so that the backfill and the like path converge. Each
 * run is a migration of its own name on an engine of its own (its scans also copy and
 * verify every like the other tests made, through the like path, which already keeps the
 * copy).
 */
@SocialFeedIntegrationTest
class LikesByUserBackfillIntegrationTests {

	@Autowired
	private Fixtures fixtures;

	@Autowired
	private LikeService likes;

	@Autowired
	private CqlSession session;

	/**
	 * Likes made before the copy existed (in {@code post_likers} only) are in
	 * {@code likes_by_user} after the backfill, timestamped with their {@code liked_at},
	 * and verify finds both tables equal.
	 */
	@Test
	void likesMadeBeforeTheCopyExistedAppearAfterTheBackfill() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow fan = this.fixtures.user();
		PostsByIdRow first = this.fixtures.post(author, "first");
		PostsByIdRow second = this.fixtures.post(author, "second");
		Instant firstLiked = likeAsBefore(first, fan);
		Instant secondLiked = likeAsBefore(second, fan);
		assertThat(copies(fan)).isEmpty();
		String name = name();
		try (MigrationEngine engine = engine(name)) {
			MigrationStatus status = new BackfillAutopilot(engine, Duration.ofMillis(50)).complete(name)
				.block(Duration.ofMinutes(2));
			assertThat(status.phase()).isEqualTo(MigrationPhase.NEW_ONLY);
			assertThat(status.verify().clean()).isTrue();
		}
		assertThat(copies(fan)).containsExactlyInAnyOrder(copy(first, firstLiked), copy(second, secondLiked));
	}

	/**
	 * Likes and unlikes made while the backfill runs converge: an unlike wins over the
	 * copy the backfill writes late, from a likers row it read before the unlike, and a
	 * like made meanwhile keeps the copy the like path wrote; verify finds both tables
	 * equal.
	 */
	@Test
	void likesAndUnlikesDuringTheBackfillConverge() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow fan = this.fixtures.user();
		PostsByIdRow taken = this.fixtures.post(author, "liked, then unliked during the backfill");
		PostsByIdRow kept = this.fixtures.post(author, "liked before the backfill");
		PostsByIdRow fresh = this.fixtures.post(author, "liked during the backfill");
		Instant takenLiked = likeAsBefore(taken, fan);
		Instant keptLiked = likeAsBefore(kept, fan);
		String name = name();
		try (MigrationEngine engine = engine(name)) {
			engine.advance(name).block();
			await().atMost(Duration.ofSeconds(30)).until(() -> engine.status(name).block().blocker() == null);
			engine.advance(name).block();
			engine.run(name).take(1).blockLast();
			// During the backfill: one like taken back, one made.
			assertThat(this.likes.unlike(taken.postId(), fan.userId(), this.fixtures.tick()).block()).isTrue();
			Instant freshLiked = this.fixtures.tick().truncatedTo(ChronoUnit.MILLIS);
			assertThat(this.likes.like(fresh.postId(), fan.userId(), freshLiked).block()).isTrue();
			// The copy the backfill writes for the taken-back like's row, read before the
			// unlike: the same statement and timestamp as the engine's.
			LikesByUserMigration migration = new LikesByUserMigration(this.session, name);
			this.session.execute(migration.insertNew(new LikesByUserRow(fan.userId(), taken.postId(), takenLiked))
				.setQueryTimestamp(micros(takenLiked)));
			MigrationStatus status = new BackfillAutopilot(engine, Duration.ofMillis(50)).complete(name)
				.block(Duration.ofMinutes(2));
			assertThat(status.phase()).isEqualTo(MigrationPhase.NEW_ONLY);
			assertThat(status.verify().clean()).isTrue();
			assertThat(copies(fan)).containsExactlyInAnyOrder(copy(kept, keptLiked), copy(fresh, freshLiked));
		}
		assertThat(this.fixtures.uuids("SELECT user_id FROM post_likers WHERE post_id = ?", taken.postId())).isEmpty();
	}

	/**
	 * At equal timestamps a delete wins over a write, whichever lands last: an unlike
	 * stamped with its like's own microsecond still removes every copy of it.
	 */
	@Test
	void aDeleteWinsOverACopyOfTheSameMicrosecond() {
		LikesByUserMigration migration = new LikesByUserMigration(this.session, name());
		UUID user = UUID.randomUUID();
		Instant likedAt = this.fixtures.tick().truncatedTo(ChronoUnit.MILLIS);
		LikesByUserRow like = new LikesByUserRow(user, UUID.randomUUID(), likedAt);
		SimpleStatement delete = SimpleStatement
			.newInstance("DELETE FROM likes_by_user WHERE user_id = ? AND post_id = ?", user, like.postId())
			.setQueryTimestamp(micros(likedAt));
		this.session.execute(delete);
		this.session.execute(migration.insertNew(like).setQueryTimestamp(micros(likedAt)));
		assertThat(copies(user)).isEmpty();
		this.session.execute(delete);
		assertThat(copies(user)).isEmpty();
	}

	/**
	 * A like as the service made it before {@code likes_by_user}: the likers row (a
	 * lightweight transaction) and the count, no copy.
	 */
	private Instant likeAsBefore(PostsByIdRow post, UsersByIdRow user) {
		Instant at = this.fixtures.tick().truncatedTo(ChronoUnit.MILLIS);
		this.session.execute(SimpleStatement.newInstance(
				"INSERT INTO post_likers (post_id, user_id, liked_at) VALUES (?, ?, ?) IF NOT EXISTS", post.postId(),
				user.userId(), at));
		this.session.execute(SimpleStatement
			.newInstance("UPDATE post_like_counts SET likes = likes + 1 WHERE post_id = ?", post.postId()));
		return at;
	}

	/** A user's copies with the write timestamp of each: "post liked_at writetime". */
	private List<String> copies(UsersByIdRow user) {
		return copies(user.userId());
	}

	private List<String> copies(UUID user) {
		return this.fixtures
			.rows("SELECT post_id, liked_at, WRITETIME(liked_at) AS written FROM likes_by_user WHERE user_id = ?", user)
			.stream()
			.map((row) -> row.getUuid("post_id") + " " + row.getInstant("liked_at") + " " + row.getLong("written"))
			.toList();
	}

	private static String copy(PostsByIdRow post, Instant likedAt) {
		return post.postId() + " " + likedAt + " " + micros(likedAt);
	}

	private static String name() {
		return "likes-by-user-" + UUID.randomUUID().toString().substring(0, 8);
	}

	/** An engine of its own, paced for a test, whose jobs start only when driven. */
	private MigrationEngine engine(String name) {
		MigrationSettings settings = MigrationSettings.defaults()
			.withRefreshInterval(Duration.ofMillis(100), Duration.ZERO)
			.withRecheckDelay(Duration.ofMillis(100))
			.withTokenRanges(8)
			.withStartJobs(false);
		return new MigrationEngine(this.session, List.of(new LikesByUserMigration(this.session, name)), settings,
				Clock.systemUTC());
	}

	private static long micros(Instant at) {
		return ChronoUnit.MICROS.between(Instant.EPOCH, at);
	}

}
