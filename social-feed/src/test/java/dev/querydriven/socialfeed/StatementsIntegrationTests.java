package dev.querydriven.socialfeed;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.querydriven.servicesupport.data.ServiceReactiveSession;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.recording.RecordedRequest;
import dev.querydriven.testsupport.recording.RecordedStatement;
import dev.querydriven.testsupport.recording.StatementRecorder;
import dev.querydriven.testsupport.PreparedStatementsCheck;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.cassandra.ReactiveSession;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the service's requests really do to the database, as the statement recorder sees
 * them: every statement prepared once, and each request's statements, partitions and
 * consistency levels.
 */
@SocialFeedIntegrationTest
class StatementsIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private ReactiveSession session;

	@Autowired
	private MutableClock clock;

	/**
	 * A steady load (registering, following, publishing, liking, reading every list and
	 * its next page, deleting) prepares nothing new once warmed up: each statement text
	 * is prepared once and reused, even after a garbage collection.
	 */
	@Test
	void steadyLoadPreparesNothingNew() {
		PreparedStatementsCheck.assertSteadyLoadPreparesNothing(this.recorder, (ServiceReactiveSession) this.session,
				() -> {
					UUID alice = register();
					UUID bob = register();
					as(bob).put()
						.uri("/users/{id}/following/{target}", bob, alice)
						.exchange()
						.expectStatus()
						.isNoContent();
					UUID first = publish(alice, "Steady #load");
					UUID second = publish(alice, "Steady again #load");
					this.client.get().uri("/users/{id}", alice).exchange().expectStatus().isOk();
					readTwoPages(this.client, "/users/" + alice + "/posts");
					readTwoPages(as(bob), "/users/" + bob + "/timeline");
					readTwoPages(this.client, "/hashtags/load/posts");
					this.client.get().uri("/users/{id}/followers?limit=1", alice).exchange().expectStatus().isOk();
					this.client.get().uri("/users/{id}/following?limit=1", bob).exchange().expectStatus().isOk();
					as(bob).post().uri("/posts/{id}/likes", first).exchange().expectStatus().isNoContent();
					this.client.get().uri("/posts/{id}", first).exchange().expectStatus().isOk();
					this.client.get().uri("/posts/{id}/likes/{user}", first, bob).exchange().expectStatus().isOk();
					as(alice).delete()
						.uri("/users/{id}/posts/{post}", alice, second)
						.exchange()
						.expectStatus()
						.isNoContent();
					as(bob).delete()
						.uri("/users/{id}/following/{target}", bob, alice)
						.exchange()
						.expectStatus()
						.isNoContent();
				});
	}

	/**
	 * Reading a profile is one statement on one partition of {@code users_by_id}, at
	 * {@code LOCAL_QUORUM}, attributed to its route.
	 */
	@Test
	void readingAUserReadsOnePartition() {
		UUID userId = register();
		List<RecordedRequest> requests = this.recorder
			.record(() -> this.client.get().uri("/users/{id}", userId).exchange().expectStatus().isOk())
			.requests("GET /users/{userId}");
		assertThat(requests).singleElement().satisfies((request) -> {
			assertThat(request.partitionsRead()).singleElement()
				.isEqualTo(new RecordedStatement.Partition("social_feed.users_by_id", List.of(userId)));
			assertThat(request.statements()).singleElement().satisfies((statement) -> {
				assertThat(statement.consistency()).isEqualTo("LOCAL_QUORUM");
				assertThat(statement.prepared()).isTrue();
				assertThat(statement.lightweightTransaction()).isFalse();
			});
		});
	}

	/**
	 * Publishing a post is no transaction: plain writes of the post and its copies (its
	 * author's month, its hashtag's day and the day index), then the fan-out into the
	 * followers' timelines with the record of its recipients.
	 */
	@Test
	void publishingAPostWritesEveryCopyWithoutATransaction() {
		UUID author = register();
		UUID follower = register();
		as(follower).put()
			.uri("/users/{id}/following/{target}", follower, author)
			.exchange()
			.expectStatus()
			.isNoContent();
		List<RecordedRequest> requests = this.recorder.record(() -> publish(author, "Recorded #statements"))
			.requests("POST /users/{userId}/posts");
		assertThat(requests).singleElement().satisfies((request) -> {
			assertThat(request.statements()).noneMatch(RecordedStatement::lightweightTransaction);
			assertThat(request.partitionsWritten()).as("partitions written by %s", request.statements())
				.extracting(RecordedStatement.Partition::table)
				.contains("social_feed.posts_by_id", "social_feed.posts_by_user", "social_feed.posts_by_hashtag",
						"social_feed.hashtag_days", "social_feed.timeline_deliveries_by_post",
						"social_feed.user_timeline");
		});
	}

	/**
	 * A like is one lightweight transaction on {@code post_likers} (Paxos among the local
	 * replicas, {@code LOCAL_SERIAL}), then the counter's increment, which is no
	 * transaction.
	 */
	@Test
	void likingAPostIsOneTransactionThenTheCount() {
		UUID author = register();
		UUID liker = register();
		UUID postId = publish(author, "Like me");
		List<RecordedRequest> requests = this.recorder
			.record(() -> as(liker).post().uri("/posts/{id}/likes", postId).exchange().expectStatus().isNoContent())
			.requests("POST /posts/{postId}/likes");
		assertThat(requests).singleElement().satisfies((request) -> {
			assertThat(request.statements()).filteredOn(RecordedStatement::lightweightTransaction)
				.singleElement()
				.satisfies((transaction) -> {
					assertThat(transaction.table()).isEqualTo("social_feed.post_likers");
					assertThat(transaction.serialConsistency()).isEqualTo("LOCAL_SERIAL");
				});
			assertThat(request.partitionsWritten()).extracting(RecordedStatement.Partition::table)
				.contains("social_feed.post_like_counts");
		});
	}

	/** Registers a new subject; its id is the subject's. */
	private UUID register() {
		String name = Fixtures.uniqueName();
		return id(as(UUID.randomUUID()).post()
			.uri("/users")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"username\": \"%s\", \"email\": \"%s@example.com\", \"displayName\": \"Steady\"}"
				.formatted(name, name))
			.exchange()
			.expectStatus()
			.isCreated());
	}

	private UUID publish(UUID author, String content) {
		this.clock.add(Duration.ofMillis(1));
		return id(as(author).post()
			.uri("/users/{id}/posts", author)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"content\": \"" + content + "\"}")
			.exchange()
			.expectStatus()
			.isCreated());
	}

	private WebTestClient as(UUID userId) {
		return this.client.mutateWith(this.callers.as(userId));
	}

	private void readTwoPages(WebTestClient client, String path) {
		Map<?, ?> first = client.get()
			.uri(path + "?limit=1")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(Map.class)
			.returnResult()
			.getResponseBody();
		assertThat(first).isNotNull();
		assertThat(first.get("next")).as("a next page of %s", path).isNotNull();
		client.get()
			.uri((builder) -> builder.path(path).queryParam("limit", 1).queryParam("cursor", first.get("next")).build())
			.exchange()
			.expectStatus()
			.isOk();
	}

	private static UUID id(WebTestClient.ResponseSpec response) {
		Map<?, ?> body = response.expectBody(Map.class).returnResult().getResponseBody();
		assertThat(body).isNotNull();
		return UUID.fromString((String) body.get("id"));
	}

}
