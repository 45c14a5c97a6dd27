package dev.querydriven.processtests;

import java.net.Socket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.UUID;

import com.datastax.oss.driver.api.core.cql.Row;
import com.jayway.jsonpath.JsonPath;
import dev.querydriven.benchmarks.http.ServiceJvm;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static dev.querydriven.processtests.ServiceProcess.user;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * social-feed's jar cut short in the middle of a follow ({@code follow}) and of a post
 * ({@code post-published}): halted right after the source write, left by a client that
 * closes its socket, and stopped by a {@code SIGTERM}, each while the copies wait. Every
 * follow ends up counted once, every post in its author's list and its followers'
 * timelines. The posts carry an {@code Idempotency-Key}, whose claim names the id the
 * service chose, so that the test can find a post its client never heard of. Each user
 * registers, follows, posts and reads their timeline with their own token: every one of
 * these routes acts for the token's subject only.
 */
@Tag("slow")
class SocialFeedProcessIntegrationTests {

	private static final String FOLLOW_SOURCE = "SELECT followed_at FROM social_feed.following_by_user "
			+ "WHERE user_id = ? AND followed_id = ?";

	private static final String FOLLOWER_COUNT = "SELECT followers FROM social_feed.follower_counts WHERE user_id = ?";

	private static final String KEY_CLAIM = "SELECT resource_id FROM social_feed.idempotency_keys "
			+ "WHERE scope = ? AND idempotency_key = ?";

	private static final String POST_SOURCE = "SELECT created_at FROM social_feed.posts_by_id WHERE post_id = ?";

	private static final String AUTHOR_COPY = "SELECT post_id FROM social_feed.posts_by_user "
			+ "WHERE user_id = ? AND month = ? AND post_time = ? AND post_id = ?";

	private static ServiceProcess feed;

	@BeforeAll
	static void service() {
		feed = new ServiceProcess("social-feed");
	}

	@AfterAll
	static void close() {
		feed.close();
	}

	/**
	 * A follow and a post halted after their source are finished by the next JVM's
	 * sweeper within 30 s (the follow counted, the post listed and in its follower's
	 * timeline); a follow and a post whose client closed its socket are finished by the
	 * same JVM; and a follow and a post in flight at a {@code SIGTERM} are finished
	 * before it exits.
	 */
	@Test
	void everyFollowAndPostBegunIsFinished() throws Exception {
		UUID reader;
		UUID author;
		UUID lateReader;
		try (ServiceJvm jvm = feed.halting("follow")) {
			reader = register(jvm, "reader");
			author = register(jvm, "author");
			lateReader = register(jvm, "late_reader");
			feed.sendUntilHalted(jvm, user(reader), "PUT", "/users/" + reader + "/following/" + author, "");
		}
		assertThat(feed.row(FOLLOW_SOURCE, reader, author)).as("the follow's rows were written").isNotNull();
		assertThat(followers(author)).as("its count was not").isZero();

		try (ServiceJvm jvm = feed.halting("post-published")) {
			feed.sendUntilHalted(jvm, user(author), "POST", "/users/" + author + "/posts", post("Halted #modeling"),
					"Idempotency-Key", "halted");
		}
		UUID halted = postId(author, "halted");
		assertThat(authorCopy(author, halted)).as("its copies were not written").isNull();

		UUID abandoned;
		UUID stopped;
		try (ServiceJvm jvm = feed.delaying()) {
			feed.awaitJson(jvm, null, "/users/" + author + "/posts", content(halted), "Halted #modeling");
			feed.awaitJson(jvm, user(reader), "/users/" + reader + "/timeline", content(halted), "Halted #modeling");
			awaitFollowers(author, 1);

			try (Socket follow = feed.sendAndLeave(jvm, user(lateReader), "PUT",
					"/users/" + lateReader + "/following/" + author, "");
					Socket post = feed.sendAndLeave(jvm, user(author), "POST", "/users/" + author + "/posts",
							post("Abandoned #modeling"), "Idempotency-Key", "abandoned")) {
				feed.awaitRow(FOLLOW_SOURCE, lateReader, author);
				abandoned = postId(author, "abandoned");
				assertThat(authorCopy(author, abandoned)).as("the copies still wait").isNull();
			}
			feed.awaitJson(jvm, null, "/users/" + author + "/posts", content(abandoned), "Abandoned #modeling");
			feed.awaitJson(jvm, user(reader), "/users/" + reader + "/timeline", content(abandoned),
					"Abandoned #modeling");
			awaitFollowers(author, 2);

			try (Socket follow = feed.sendAndLeave(jvm, user(author), "PUT",
					"/users/" + author + "/following/" + reader, "");
					Socket post = feed.sendAndLeave(jvm, user(author), "POST", "/users/" + author + "/posts",
							post("Stopped #modeling"), "Idempotency-Key", "stopped")) {
				feed.awaitRow(FOLLOW_SOURCE, author, reader);
				stopped = postId(author, "stopped");
				jvm.terminate();
				jvm.awaitExit(Duration.ofSeconds(60));
			}
		}
		assertThat(followers(reader)).as("counted before the JVM exited").isEqualTo(1);
		assertThat(authorCopy(author, stopped)).as("listed before the JVM exited").isNotNull();
	}

	/** Registers a new user, whose id is the subject of the token that registers it. */
	private static UUID register(ServiceJvm jvm, String name) {
		UUID id = UUID.randomUUID();
		String username = name + "_" + Long.toHexString(System.nanoTime());
		HttpResponse<String> created = feed.send(jvm, user(id), "POST", "/users", """
				{"username": "%s", "email": "%s@example.com", "displayName": "%s"}
				""".formatted(username, username, name));
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		assertThat(JsonPath.<String>read(created.body(), "$.id")).as("the profile's id").isEqualTo(id.toString());
		return id;
	}

	/** The id the service chose for a keyed post, from its key's claim, once written. */
	private static UUID postId(UUID author, String key) {
		UUID postId = feed.awaitRow(KEY_CLAIM, author.toString(), key).getUuid("resource_id");
		feed.awaitRow(POST_SOURCE, postId);
		return postId;
	}

	private static long followers(UUID userId) {
		Row counts = feed.row(FOLLOWER_COUNT, userId);
		return (counts != null) ? counts.getLong("followers") : 0;
	}

	private static void awaitFollowers(UUID userId, long count) {
		feed.awaitRow((row) -> row.getLong("followers") == count, FOLLOWER_COUNT, userId);
	}

	private static Row authorCopy(UUID author, UUID postId) {
		Instant postTime = feed.row(POST_SOURCE, postId).getInstant("created_at");
		String month = YearMonth.from(postTime.atOffset(ZoneOffset.UTC)).toString();
		return feed.row(AUTHOR_COPY, author, month, postTime, postId);
	}

	private static String content(UUID postId) {
		return "$.items[?(@.id == '" + postId + "')].content";
	}

	private static String post(String content) {
		return "{\"content\": \"" + content + "\"}";
	}

}
