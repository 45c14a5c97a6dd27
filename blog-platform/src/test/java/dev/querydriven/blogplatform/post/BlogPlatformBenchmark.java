package dev.querydriven.blogplatform.post;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

import dev.querydriven.benchmarks.api.DataSet;
import dev.querydriven.benchmarks.api.HttpCall;
import dev.querydriven.benchmarks.api.Loading;
import dev.querydriven.benchmarks.api.Scale;
import dev.querydriven.benchmarks.api.ServiceBenchmark;
import dev.querydriven.benchmarks.api.Workload;
import dev.querydriven.benchmarks.api.WorkloadInfo;
import dev.querydriven.blogplatform.BlogPlatformApplication;
import reactor.core.publisher.Mono;

import org.springframework.context.ApplicationContext;

/**
 * blog-platform: the hottest read is a post page (Q1 with its view count, Q6), the
 * hottest write counting a view (every page view is one; a counter increment, never
 * retried). The data: authors with ten posts each, a few kilobytes of body per post,
 * across ten categories.
 */
public class BlogPlatformBenchmark implements ServiceBenchmark {

	private static final String POSTS = "posts";

	private static final String[] CATEGORIES = { "data-modeling", "cassandra", "java", "spring", "performance",
			"operations", "architecture", "testing", "security", "news" };

	private static final String PARAGRAPH = "A partition key decides where a row lives and which rows travel "
			+ "together; clustering columns decide their order inside the partition. Model the queries first, "
			+ "then one table per query, and let every write keep its copies in step. ";

	@Override
	public String name() {
		return "blog-platform";
	}

	@Override
	public String keyspace() {
		return "blog_platform";
	}

	@Override
	public Class<?> application() {
		return BlogPlatformApplication.class;
	}

	@Override
	public List<Workload<?>> workloads() {
		return List.of(new PostRead(), new ViewCount());
	}

	@Override
	public DataSet load(ApplicationContext context, Scale scale, Progress progress) {
		PostService posts = context.getBean(PostService.class);
		int authors = scale.of(200, 5);
		int postCount = authors * scale.of(10, 4);
		List<UUID> authorIds = new ArrayList<>();
		for (int i = 0; i < authors; i++) {
			authorIds.add(UUID.randomUUID());
		}
		List<UUID> ids = new ArrayList<>();
		for (int i = 0; i < postCount; i++) {
			ids.add(UUID.randomUUID());
		}
		Instant now = Instant.now();
		String body = PARAGRAPH.repeat(12);
		Loading
			.run("posts", postCount,
					(i) -> posts.publish(new NewPost(ids.get(i), authorIds.get(i % authors), "Benchmark post " + i,
							body, CATEGORIES[i % CATEGORIES.length], now.minus(Duration.ofHours(postCount - i)))),
					progress);
		return new DataSet(Map.of(POSTS, ids.stream().map(UUID::toString).toList()));
	}

	/** Q1 and Q6: a post with its view count. */
	static final class PostRead implements Workload<UUID> {

		@Override
		public WorkloadInfo info() {
			return WorkloadInfo.read("blog-platform/post", "a post with its view count (Q1, Q6)");
		}

		@Override
		public UUID input(long sequence, DataSet data) {
			return data.uuid(POSTS, sequence);
		}

		@Override
		public HttpCall http(UUID postId) {
			return HttpCall.get("/posts/" + postId);
		}

		@Override
		public Function<UUID, Mono<Integer>> service(ApplicationContext context) {
			PostService posts = context.getBean(PostService.class);
			return (postId) -> posts.find(postId).thenReturn(1);
		}

	}

	/** A page view: the post must exist, then its counter goes up by one. */
	static final class ViewCount implements Workload<UUID> {

		@Override
		public WorkloadInfo info() {
			return WorkloadInfo.write("blog-platform/view", "count a view (check the post, increment a counter)");
		}

		@Override
		public UUID input(long sequence, DataSet data) {
			return data.uuid(POSTS, sequence);
		}

		@Override
		public HttpCall http(UUID postId) {
			// Public: every reader's page view counts, signed in or not.
			return new HttpCall("/posts/" + postId + "/views", null, null);
		}

		@Override
		public Function<UUID, Mono<Integer>> service(ApplicationContext context) {
			PostService posts = context.getBean(PostService.class);
			return (postId) -> posts.recordView(postId).thenReturn(1);
		}

	}

}
