package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.socialfeed.Fixtures;
import dev.querydriven.socialfeed.SocialFeedIntegrationTest;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Likes against the real node: the likers row decides, so a user's likes count once even
 * when they race.
 */
@SocialFeedIntegrationTest
class LikeServiceIntegrationTests {

	@Autowired
	private LikeService likes;

	@Autowired
	private PostService posts;

	@Autowired
	private Fixtures fixtures;

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	/** A repeated like changes nothing: one likers row, a count of one. */
	@Test
	@ServesQuery({ "Q17", "Q18" })
	void repeatedLikeCountsOnce() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow fan = this.fixtures.user();
		PostsByIdRow post = this.fixtures.post(author, "like me");
		this.likes.like(post.postId(), fan.userId(), this.fixtures.now())
			.as(StepVerifier::create)
			.expectNext(true)
			.verifyComplete();
		this.likes.like(post.postId(), fan.userId(), this.fixtures.now())
			.as(StepVerifier::create)
			.expectNext(false)
			.verifyComplete();
		assertThat(this.fixtures.uuids("SELECT user_id FROM post_likers WHERE post_id = ?", post.postId()))
			.containsExactly(fan.userId());
		this.posts.findWithLikes(post.postId())
			.map(PostService.PostWithLikes::likes)
			.as(StepVerifier::create)
			.expectNext(1L)
			.verifyComplete();
	}

	/**
	 * Eight concurrent likes by one user and one by another: exactly one of the eight
	 * applies, and the count is two.
	 */
	@Test
	@ServesQuery({ "Q17", "Q18" })
	void concurrentLikesByOneUserCountOnce() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow fan = this.fixtures.user();
		UsersByIdRow other = this.fixtures.user();
		PostsByIdRow post = this.fixtures.post(author, "race");
		List<Boolean> applied = Flux.range(0, 8)
			.flatMap((i) -> this.likes.like(post.postId(), fan.userId(), this.fixtures.now()), 8)
			.collectList()
			.block();
		assertThat(applied).containsOnlyOnce(true);
		this.likes.like(post.postId(), other.userId(), this.fixtures.now()).block();
		this.posts.findWithLikes(post.postId())
			.map(PostService.PostWithLikes::likes)
			.as(StepVerifier::create)
			.expectNext(2L)
			.verifyComplete();
	}

	/**
	 * The liker's row answers "has this user liked this post": found, with the time of
	 * the first like, for the liker; not found for anyone else or for an unknown post.
	 */
	@Test
	@ServesQuery({ "Q17", "Q19" })
	void likeIsFoundForTheLikerOnly() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow fan = this.fixtures.user();
		UsersByIdRow other = this.fixtures.user();
		PostsByIdRow post = this.fixtures.post(author, "do you like it");
		Instant first = this.fixtures.now().truncatedTo(ChronoUnit.MILLIS);
		this.likes.like(post.postId(), fan.userId(), first).block();
		this.likes.like(post.postId(), fan.userId(), first.plusSeconds(60)).block();
		this.likes.findLike(post.postId(), fan.userId())
			.as(StepVerifier::create)
			.expectNext(new PostLikersRow(post.postId(), fan.userId(), first))
			.verifyComplete();
		this.likes.findLike(post.postId(), other.userId())
			.as(StepVerifier::create)
			.expectError(NotFoundException.class)
			.verify();
		this.likes.findLike(UUID.randomUUID(), fan.userId())
			.as(StepVerifier::create)
			.expectError(NotFoundException.class)
			.verify();
	}

	/** Liking an unknown post, or as an unknown user, is a 404 and writes nothing. */
	@Test
	void likesOfUnknownPostsOrUsersAreNotFound() {
		UsersByIdRow author = this.fixtures.user();
		PostsByIdRow post = this.fixtures.post(author, "lonely");
		UUID ghost = UUID.randomUUID();
		this.likes.like(UUID.randomUUID(), author.userId(), this.fixtures.now())
			.as(StepVerifier::create)
			.expectError(NotFoundException.class)
			.verify();
		this.likes.like(post.postId(), ghost, this.fixtures.now())
			.as(StepVerifier::create)
			.expectError(NotFoundException.class)
			.verify();
		assertThat(this.fixtures.rows("SELECT user_id FROM post_likers WHERE post_id = ?", post.postId())).isEmpty();
		assertThat(this.fixtures.rows("SELECT likes FROM post_like_counts WHERE post_id = ?", post.postId())).isEmpty();
	}

	/**
	 * On the request path every like and unlike keeps the liker's copy in
	 * {@code likes_by_user} in step with {@code post_likers}: written with the like's own
	 * time as its timestamp (a repeat rewrites the same cells), gone with the unlike (a
	 * repeat is a 204 too), back with a later like, gone with the post.
	 */
	@Test
	@ServesQuery({ "Q17", "Q18", "Q19", "Q21" })
	void likesAndUnlikesKeepTheLikersCopyInStep() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow fan = this.fixtures.user();
		PostsByIdRow post = this.fixtures.post(author, "like, unlike, like again");
		WebTestClient asFan = this.client.mutateWith(this.callers.as(fan.userId()));
		Instant first = this.fixtures.tick().truncatedTo(ChronoUnit.MILLIS);
		asFan.post().uri("/posts/{p}/likes", post.postId()).exchange().expectStatus().isNoContent();
		this.fixtures.tick();
		asFan.post().uri("/posts/{p}/likes", post.postId()).exchange().expectStatus().isNoContent();
		assertThat(copies(fan)).containsExactly(post.postId() + " " + first + " " + micros(first));
		this.fixtures.tick();
		for (int attempt = 0; attempt < 2; attempt++) {
			asFan.delete().uri("/posts/{p}/likes", post.postId()).exchange().expectStatus().isNoContent();
		}
		assertThat(copies(fan)).isEmpty();
		assertThat(this.fixtures.uuids("SELECT user_id FROM post_likers WHERE post_id = ?", post.postId())).isEmpty();
		this.posts.findWithLikes(post.postId())
			.map(PostService.PostWithLikes::likes)
			.as(StepVerifier::create)
			.expectNext(0L)
			.verifyComplete();
		Instant again = this.fixtures.tick().truncatedTo(ChronoUnit.MILLIS);
		asFan.post().uri("/posts/{p}/likes", post.postId()).exchange().expectStatus().isNoContent();
		assertThat(copies(fan)).containsExactly(post.postId() + " " + again + " " + micros(again));
		this.posts.delete(author.userId(), post.postId()).block();
		assertThat(copies(fan)).isEmpty();
	}

	/** A user's copies of their likes: "post liked_at writetime". */
	private List<String> copies(UsersByIdRow user) {
		return this.fixtures
			.rows("SELECT post_id, liked_at, WRITETIME(liked_at) AS written FROM likes_by_user WHERE user_id = ?",
					user.userId())
			.stream()
			.map((row) -> row.getUuid("post_id") + " " + row.getInstant("liked_at") + " " + row.getLong("written"))
			.toList();
	}

	private static long micros(Instant at) {
		return ChronoUnit.MICROS.between(Instant.EPOCH, at);
	}

}
