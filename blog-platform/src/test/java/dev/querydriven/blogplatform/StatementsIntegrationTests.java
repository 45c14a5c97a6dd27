package dev.querydriven.blogplatform;

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
@BlogPlatformIntegrationTest
class StatementsIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private ReactiveSession session;

	@Autowired
	private MutableClock clock;

	@Autowired
	private Callers callers;

	/**
	 * A steady load (publishing, reading, editing, viewing and commenting on posts,
	 * paging the lists) prepares nothing new once warmed up: each statement text is
	 * prepared once and reused, even after a garbage collection.
	 */
	@Test
	void steadyLoadPreparesNothingNew() {
		UUID authorId = UUID.randomUUID();
		String category = BlogTables.randomCategory();
		// A first post, so that every list the load reads has a second page.
		publish(authorId, category);
		WebTestClient author = this.client.mutateWith(this.callers.as(authorId));
		PreparedStatementsCheck.assertSteadyLoadPreparesNothing(this.recorder, (ServiceReactiveSession) this.session,
				() -> {
					UUID postId = publish(authorId, category);
					this.client.get().uri("/posts/{id}", postId).exchange().expectStatus().isOk();
					author.put()
						.uri("/posts/{id}", postId)
						.contentType(MediaType.APPLICATION_JSON)
						.bodyValue("{\"title\": \"Edited\"}")
						.exchange()
						.expectStatus()
						.isOk();
					this.client.post().uri("/posts/{id}/views", postId).exchange().expectStatus().isNoContent();
					author.post()
						.uri("/posts/{id}/comments", postId)
						.contentType(MediaType.APPLICATION_JSON)
						.bodyValue("{\"text\": \"Nice\"}")
						.exchange()
						.expectStatus()
						.isCreated();
					this.client.get().uri("/posts/{id}/comments?limit=1", postId).exchange().expectStatus().isOk();
					readTwoPages("/authors/" + authorId + "/posts");
					readTwoPages("/categories/" + category + "/posts");
				});
	}

	/**
	 * Reading a post is one statement on one partition of {@code posts_by_id}, at
	 * {@code LOCAL_QUORUM}, and one on its {@code post_views} counter at {@code ONE},
	 * attributed to its route.
	 */
	@Test
	void readingAPostReadsOnePartitionOfEachTable() {
		UUID postId = publish(UUID.randomUUID(), BlogTables.randomCategory());
		List<RecordedRequest> requests = this.recorder
			.record(() -> this.client.get().uri("/posts/{id}", postId).exchange().expectStatus().isOk())
			.requests("GET /posts/{postId}");
		assertThat(requests).singleElement().satisfies((request) -> {
			assertThat(request.partitionsRead()).containsExactlyInAnyOrder(
					new RecordedStatement.Partition("blog_platform.posts_by_id", List.of(postId)),
					new RecordedStatement.Partition("blog_platform.post_views", List.of(postId)));
			assertThat(request.statements()).hasSize(2).allSatisfy((statement) -> {
				assertThat(statement.prepared()).isTrue();
				assertThat(statement.lightweightTransaction()).isFalse();
			});
			assertThat(request.statements()).extracting(RecordedStatement::consistency)
				.containsExactlyInAnyOrder("LOCAL_QUORUM", "ONE");
		});
	}

	/**
	 * Publishing a post is one lightweight transaction on {@code posts_by_id} (Paxos at
	 * {@code LOCAL_SERIAL}) and then the plain writes of the copies, none of them a
	 * transaction. Before all of them, the change's intent is written to
	 * {@code write_intents} (a plain write, at the copies' level): the durable record
	 * that lets the sweeper finish the publication if it is cut short. Its completion is
	 * written once the change is done, after the answer, outside the request.
	 */
	@Test
	void publishingAPostIsOneTransactionThenTheCopies() {
		List<RecordedRequest> requests = this.recorder
			.record(() -> publish(UUID.randomUUID(), BlogTables.randomCategory()))
			.requests("POST /posts");
		assertThat(requests).singleElement().satisfies((request) -> {
			List<RecordedStatement> transactions = request.statements()
				.stream()
				.filter(RecordedStatement::lightweightTransaction)
				.toList();
			assertThat(transactions).singleElement().satisfies((transaction) -> {
				assertThat(transaction.table()).isEqualTo("blog_platform.posts_by_id");
				assertThat(transaction.serialConsistency()).isEqualTo("LOCAL_SERIAL");
			});
			assertThat(request.partitionsWritten()).as("partitions written by %s", request.statements())
				.extracting(RecordedStatement.Partition::table)
				.contains("blog_platform.write_intents", "blog_platform.posts_by_id", "blog_platform.posts_by_author",
						"blog_platform.posts_by_category_v1");
			assertThat(request.statements().get(0).table()).as("the first statement")
				.isEqualTo("blog_platform.write_intents");
		});
	}

	private void readTwoPages(String uri) {
		Object next = this.client.get()
			.uri(uri + "?limit=1")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(Map.class)
			.returnResult()
			.getResponseBody()
			.get("next");
		assertThat(next).as("a second page of %s", uri).isNotNull();
		this.client.get()
			.uri((builder) -> builder.path(uri).queryParam("limit", 1).queryParam("cursor", next).build())
			.exchange()
			.expectStatus()
			.isOk();
	}

	private UUID publish(UUID authorId, String category) {
		// Two posts of a list are one millisecond apart, as they would be in real life.
		this.clock.add(Duration.ofMillis(1));
		return UUID.fromString(this.client.mutateWith(this.callers.as(authorId))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", "Query first", "body", "Model the queries.", "category", category))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody(Map.class)
			.returnResult()
			.getResponseBody()
			.get("id")
			.toString());
	}

}
