package dev.querydriven.socialfeed.timeline;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

import dev.querydriven.benchmarks.api.DataSet;
import dev.querydriven.benchmarks.api.HttpCall;
import dev.querydriven.benchmarks.api.Loading;
import dev.querydriven.benchmarks.api.Scale;
import dev.querydriven.benchmarks.api.ServiceBenchmark;
import dev.querydriven.benchmarks.api.Workload;
import dev.querydriven.benchmarks.api.WorkloadInfo;
import dev.querydriven.socialfeed.SocialFeedApplication;
import dev.querydriven.socialfeed.follow.FollowService;
import dev.querydriven.socialfeed.post.PostService;
import dev.querydriven.socialfeed.user.NewUser;
import dev.querydriven.socialfeed.user.UserService;
import reactor.core.publisher.Mono;

import org.springframework.context.ApplicationContext;

/**
 * social-feed: the hottest read is a home timeline (Q6: what every app start shows), the
 * hottest write a new post (copied to the author's list, its hashtag's list and every
 * follower's timeline before the 201). The data: users who each follow 20 others (so
 * every post fans out to about 20 timelines, all below the high-fanout threshold) and
 * have published a few posts of the last hours, so that a timeline's first page is full.
 */
public class SocialFeedBenchmark implements ServiceBenchmark {

	private static final String USERS = "users";

	/** A first page of a home timeline. */
	private static final int PAGE = 20;

	/**
	 * Hashtags of the posts: a real feed spreads over many tags (one tag = one hot
	 * partition).
	 */
	private static final String[] TAGS = { "cassandra", "datamodeling", "java", "spring", "reactive", "nosql",
			"performance", "partitions", "timeseries", "denormalization", "cql", "benchmarks", "jvm", "netty",
			"webflux", "queries", "clustering", "buckets", "fanout", "timelines" };

	@Override
	public String name() {
		return "social-feed";
	}

	@Override
	public String keyspace() {
		return "social_feed";
	}

	@Override
	public Class<?> application() {
		return SocialFeedApplication.class;
	}

	@Override
	public List<Workload<?>> workloads() {
		return List.of(new TimelineRead(), new PostPublish());
	}

	@Override
	public DataSet load(ApplicationContext context, Scale scale, Progress progress) {
		UserService users = context.getBean(UserService.class);
		FollowService follows = context.getBean(FollowService.class);
		PostService posts = context.getBean(PostService.class);
		int userCount = scale.of(400, 10);
		int followsPerUser = scale.of(20, 3);
		// Every home timeline holds more than a page, whatever the scale: the posts
		// published while the layers are measured then change which posts a first page
		// shows, never how many, and every layer reads a full page.
		int postsPerUser = Math.max(scale.of(5, 2), (PAGE + followsPerUser) / followsPerUser);
		Instant now = Instant.now();
		List<UUID> ids = new ArrayList<>();
		for (int i = 0; i < userCount; i++) {
			ids.add(UUID.randomUUID());
		}
		String run = Long.toString(now.toEpochMilli(), 36);
		Loading.run("users", userCount,
				(i) -> users.register(ids.get(i), new NewUser("bench_" + run + "_" + i,
						"bench." + run + "." + i + "@example.com", "Bench User " + i), now.minus(Duration.ofDays(90))),
				progress);
		Random random = new Random(42);
		List<Follow> pairs = new ArrayList<>();
		for (int i = 0; i < userCount; i++) {
			Set<Integer> targets = new LinkedHashSet<>();
			while (targets.size() < Math.min(followsPerUser, userCount - 1)) {
				int target = random.nextInt(userCount);
				if (target != i) {
					targets.add(target);
				}
			}
			for (int target : targets) {
				pairs.add(new Follow(ids.get(i), ids.get(target)));
			}
		}
		Loading.run("follows", pairs.size(),
				(i) -> follows.follow(pairs.get(i).user(), pairs.get(i).target(), now.minus(Duration.ofDays(30))),
				progress);
		int postCount = userCount * postsPerUser;
		Loading.run("posts", postCount, (i) -> posts.publish(UUID.randomUUID(), ids.get(i % userCount), content(i),
				now.minus(Duration.ofSeconds(postCount - i))), progress);
		return new DataSet(Map.of(USERS, ids.stream().map(UUID::toString).toList()));
	}

	private record Follow(UUID user, UUID target) {

	}

	private static String content(long sequence) {
		return "Benchmark post " + sequence + ": one table per query, partitions that spread the load, #"
				+ TAGS[(int) (sequence % TAGS.length)];
	}

	/** Q6: the first page (20 posts) of a user's home timeline. */
	static final class TimelineRead implements Workload<UUID> {

		@Override
		public WorkloadInfo info() {
			return WorkloadInfo.read("social-feed/timeline", "home timeline, first 20 posts (Q6, Q14, Q15)");
		}

		@Override
		public UUID input(long sequence, DataSet data) {
			return data.uuid(USERS, sequence);
		}

		@Override
		public HttpCall http(UUID userId) {
			// A home timeline is its reader's: the call carries the reader's token.
			return HttpCall.get("/users/" + userId + "/timeline?limit=" + PAGE).as(userId);
		}

		@Override
		public Function<UUID, Mono<Integer>> service(ApplicationContext context) {
			TimelineService timelines = context.getBean(TimelineService.class);
			Clock clock = context.getBean(Clock.class);
			return (userId) -> timelines.read(userId, null, PAGE, clock.instant()).map((page) -> page.items().size());
		}

	}

	/** A new post: its copies, then the fan-out to every follower's timeline. */
	static final class PostPublish implements Workload<PostPublish.NewPost> {

		@Override
		public WorkloadInfo info() {
			return WorkloadInfo.write("social-feed/publish", "publish a post, fanned out to ~20 timelines");
		}

		@Override
		public NewPost input(long sequence, DataSet data) {
			return new NewPost(UUID.randomUUID(), data.uuid(USERS, sequence), content(sequence));
		}

		@Override
		public HttpCall http(NewPost post) {
			return HttpCall.json("/users/" + post.authorId() + "/posts", Map.of("content", post.content()))
				.as(post.authorId());
		}

		@Override
		public Set<UUID> freshIds(NewPost post) {
			return Set.of(post.postId());
		}

		@Override
		public Function<NewPost, Mono<Integer>> service(ApplicationContext context) {
			PostService posts = context.getBean(PostService.class);
			Clock clock = context.getBean(Clock.class);
			return (post) -> posts.publish(post.postId(), post.authorId(), post.content(), clock.instant())
				.thenReturn(1);
		}

		record NewPost(UUID postId, UUID authorId, String content) {

		}

	}

}
