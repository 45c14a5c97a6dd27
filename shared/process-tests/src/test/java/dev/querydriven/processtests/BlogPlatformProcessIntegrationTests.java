package dev.querydriven.processtests;

import java.net.Socket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;

import com.datastax.oss.driver.api.core.cql.Row;
import com.jayway.jsonpath.JsonPath;
import dev.querydriven.benchmarks.api.HttpCall.Caller;
import dev.querydriven.benchmarks.http.ServiceJvm;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static dev.querydriven.processtests.ServiceProcess.user;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * blog-platform's jar cut short in the middle of an edit ({@code blog-post-edited}),
 * whose source is a lightweight transaction on the post's version: halted right after it,
 * left by a client that closes its socket, and stopped by a {@code SIGTERM}, each while
 * the copies wait. Every edit shows in the author's and the category's lists afterwards.
 * The author publishes and edits with their own token (a post's author is its caller, and
 * only they may edit it); the lists are public, read without one.
 */
@Tag("slow")
class BlogPlatformProcessIntegrationTests {

	private static final String SOURCE = "SELECT title, created_at FROM blog_platform.posts_by_id WHERE post_id = ?";

	private static final String AUTHOR_COPY = "SELECT title FROM blog_platform.posts_by_author "
			+ "WHERE author_id = ? AND created_at = ? AND post_id = ?";

	private static ServiceProcess blog;

	@BeforeAll
	static void service() {
		blog = new ServiceProcess("blog-platform");
	}

	@AfterAll
	static void close() {
		blog.close();
	}

	/**
	 * An edit halted after its LWT is finished by the next JVM's sweeper within 30 s,
	 * from the post's current version; an edit whose client closed its socket is finished
	 * by the same JVM; and an edit in flight at a {@code SIGTERM} is finished before it
	 * exits.
	 */
	@Test
	void everyEditBegunIsFinished() throws Exception {
		UUID authorId = UUID.randomUUID();
		Caller author = user(authorId);
		String category = "process-" + Long.toHexString(System.nanoTime());
		UUID halted;
		try (ServiceJvm jvm = blog.halting("blog-post-edited")) {
			halted = publish(jvm, author, category, "Drafted");
			blog.sendUntilHalted(jvm, author, "PUT", "/posts/" + halted, title("Edited, then halted"));
		}
		assertThat(source(halted).getString("title")).as("the edit's LWT applied").isEqualTo("Edited, then halted");
		assertThat(authorCopy(authorId, halted)).as("its copies were not written").isEqualTo("Drafted");

		UUID stopped;
		try (ServiceJvm jvm = blog.delaying()) {
			String byAuthor = "/authors/" + authorId + "/posts";
			String byCategory = "/categories/" + category + "/posts";
			blog.awaitJson(jvm, null, byAuthor, title(halted), "Edited, then halted");
			blog.awaitJson(jvm, null, byCategory, title(halted), "Edited, then halted");

			try (Socket edit = blog.sendAndLeave(jvm, author, "PUT", "/posts/" + halted,
					title("Edited, then abandoned"))) {
				awaitTitle(halted, "Edited, then abandoned");
				assertThat(authorCopy(authorId, halted)).as("the copies still wait").isEqualTo("Edited, then halted");
			}
			blog.awaitJson(jvm, null, byAuthor, title(halted), "Edited, then abandoned");
			blog.awaitJson(jvm, null, byCategory, title(halted), "Edited, then abandoned");

			stopped = publish(jvm, author, category, "Drafted again");
			try (Socket edit = blog.sendAndLeave(jvm, author, "PUT", "/posts/" + stopped,
					title("Edited, then stopped"))) {
				awaitTitle(stopped, "Edited, then stopped");
				jvm.terminate();
				jvm.awaitExit(Duration.ofSeconds(60));
			}
		}
		assertThat(authorCopy(authorId, stopped)).as("written before the JVM exited").isEqualTo("Edited, then stopped");
	}

	/** Publishes a post, whose author is the caller (the body names none). */
	private static UUID publish(ServiceJvm jvm, Caller author, String category, String title) {
		HttpResponse<String> created = blog.send(jvm, author, "POST", "/posts", """
				{"title": "%s", "body": "Query first.", "category": "%s"}
				""".formatted(title, category));
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		return UUID.fromString(JsonPath.read(created.body(), "$.id"));
	}

	private static Row source(UUID postId) {
		return blog.row(SOURCE, postId);
	}

	private static String authorCopy(UUID authorId, UUID postId) {
		Row copy = blog.row(AUTHOR_COPY, authorId, source(postId).getInstant("created_at"), postId);
		return (copy != null) ? copy.getString("title") : null;
	}

	private static void awaitTitle(UUID postId, String title) {
		blog.awaitRow((row) -> title.equals(row.getString("title")), SOURCE, postId);
	}

	private static String title(UUID postId) {
		return "$.items[?(@.id == '" + postId + "')].title";
	}

	private static String title(String title) {
		return "{\"title\": \"" + title + "\"}";
	}

}
