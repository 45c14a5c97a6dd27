package dev.querydriven.blogplatform.seed;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import dev.querydriven.blogplatform.comment.CommentService;
import dev.querydriven.blogplatform.post.NewPost;
import dev.querydriven.blogplatform.post.PostService;
import dev.querydriven.modeling.dualwrite.TransientFailures;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.web.NotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * Seeds demo data in the background once the service is up (it serves meanwhile).
 *
 * <p>
 * Idempotent: every post and comment has an id derived from its number (and the
 * {@linkplain SeedProperties#namespace() namespace}), posts are created
 * {@code IF NOT EXISTS}, and a post that already existed gets no comments again (comment
 * counts are counters, which a replay would inflate). Once the last post exists, a re-run
 * does nothing. Its volume comes from {@link SeedProperties}; a {@link DemoDataSeeded}
 * event says when it is done.
 */
@Component
@ConditionalOnBooleanProperty("querydriven.blog-platform.seed.enabled")
class DemoDataSeeder implements ApplicationRunner, DisposableBean {

	static final int AUTHORS = 25;

	/** The busiest category first: it takes about half of the posts. */
	static final List<String> CATEGORIES = List.of("data-modeling", "performance", "operations", "java",
			"release-notes");

	private static final int[] CATEGORY_WEIGHTS = { 50, 20, 15, 10, 5 };

	private static final List<String> TOPICS = List.of("partition keys", "clustering columns", "time buckets",
			"denormalization", "tombstones", "lightweight transactions", "counters", "consistency levels", "compaction",
			"materialized views", "secondary indexes", "batch statements");

	private static final List<String> READERS = List.of("Ada", "Grace", "Linus", "Margaret", "Ken", "Barbara", "Edsger",
			"Frances", "Dennis", "Radia");

	/** Posts are spread over the last year, newest last. */
	private static final Duration SPREAD = Duration.ofDays(365);

	private static final int CONCURRENCY = 8;

	private static final Logger logger = LoggerFactory.getLogger(DemoDataSeeder.class);

	/**
	 * A write that timed out on a busy dev machine (several services and their nodes
	 * starting at once) starts the seed over: every write of it is idempotent, so a
	 * second pass only completes the first. Anything but a transient failure ends it.
	 */
	private static final Retry START_OVER = TransientFailures.onlyTransient(Retry.backoff(5, Duration.ofSeconds(2))
		.doBeforeRetry((retry) -> logger.warn("Demo data seeding met {}; starting it over", retry.failure().toString()))
		.onRetryExhaustedThrow((spec, signal) -> signal.failure()));

	private final PostService posts;

	private final CommentService comments;

	private final int postCount;

	private final String namespace;

	private final ApplicationEventPublisher events;

	private final TimeSource time;

	private volatile Disposable seeding;

	DemoDataSeeder(PostService posts, CommentService comments, SeedProperties properties,
			ApplicationEventPublisher events, TimeSource time) {
		this.posts = posts;
		this.comments = comments;
		this.postCount = properties.posts();
		this.namespace = properties.namespace();
		this.events = events;
		this.time = time;
	}

	@Override
	public void run(ApplicationArguments args) {
		Instant anchor = this.time.instant().truncatedTo(ChronoUnit.MINUTES);
		this.seeding = seed(anchor).retryWhen(START_OVER).subscribe((seeded) -> {
			logger.info("Demo data ready: try GET /categories/{}/posts", CATEGORIES.get(0));
			this.events.publishEvent(seeded);
		}, (error) -> logger.error("Demo data seeding failed; restart to resume it", error));
	}

	/**
	 * Seeds every post not yet present, with its comments.
	 * @param anchor the newest post's time
	 * @return what this run created
	 */
	Mono<DemoDataSeeded> seed(Instant anchor) {
		AtomicLong created = new AtomicLong();
		AtomicLong commented = new AtomicLong();
		long started = System.nanoTime();
		int last = this.postCount - 1;
		return this.posts.requireExisting(postId(last)).map((present) -> {
			logger.info("Demo data present ({} posts); nothing to seed", this.postCount);
			return new DemoDataSeeded(0, 0, Duration.ofNanos(System.nanoTime() - started));
		}).onErrorResume(NotFoundException.class, (notSeeded) -> {
			logger.info("Seeding demo data: {} authors, {} posts over {} days in {}, with comments", AUTHORS,
					this.postCount, SPREAD.toDays(), CATEGORIES);
			// The last post is written after all others: its presence means the run
			// completed.
			return Flux.range(0, last)
				.flatMap((number) -> seedPost(number, anchor), CONCURRENCY)
				.concatWith(Mono.defer(() -> seedPost(last, anchor)))
				.doOnNext((comments) -> {
					long count = created.incrementAndGet();
					commented.addAndGet(comments);
					if (count % 500 == 0) {
						logger.info("Demo data: {}/{} posts created, {} comments", count, this.postCount,
								commented.get());
					}
				})
				.then(Mono.fromSupplier(() -> {
					DemoDataSeeded seeded = new DemoDataSeeded(created.get(), commented.get(),
							Duration.ofNanos(System.nanoTime() - started));
					logger.info("Demo data seeded in {} s: {} posts created, {} comments", seeded.took().toSeconds(),
							seeded.postsCreated(), seeded.commentsCreated());
					return seeded;
				}));
		});
	}

	/**
	 * Publishes one post and, if this call created it, its comments.
	 * @return the number of comments written, or empty when the post existed
	 */
	private Mono<Integer> seedPost(int number, Instant anchor) {
		SplittableRandom random = new SplittableRandom(number);
		Instant createdAt = anchor.minus(SPREAD.multipliedBy(this.postCount - 1 - number).dividedBy(this.postCount))
			.minusSeconds(random.nextInt(60));
		String topic = TOPICS.get(random.nextInt(TOPICS.size()));
		NewPost post = new NewPost(postId(number), authorId(random.nextInt(AUTHORS)),
				"Notes on " + topic + " #" + (number + 1), body(topic, number), category(random), createdAt);
		int commentCount = random.nextInt(7);
		return this.posts.publish(post)
			.flatMap((published) -> Flux.range(0, commentCount)
				.concatMap((index) -> this.comments.add(post.postId(), commentId(number, index),
						createdAt.plus(Duration.ofMinutes(5L * (index + 1))),
						READERS.get(random.nextInt(READERS.size())),
						"Thanks! How does " + topic + " play with the rest of the model? (" + (index + 1) + ")"))
				.then(Mono.just(commentCount)));
	}

	private static String category(SplittableRandom random) {
		int pick = random.nextInt(100);
		for (int i = 0; i < CATEGORY_WEIGHTS.length; i++) {
			pick -= CATEGORY_WEIGHTS[i];
			if (pick < 0) {
				return CATEGORIES.get(i);
			}
		}
		return CATEGORIES.get(0);
	}

	private static String body(String topic, int number) {
		return "Post " + (number + 1) + " of the demo blog, about " + topic + ". Model the queries first, then the "
				+ "tables: one table per query, a partition key that spreads the load, clustering columns for the "
				+ "order, time buckets that bound partitions, and copies kept in sync on write.";
	}

	UUID authorId(int number) {
		return uuid("author-" + number);
	}

	UUID postId(int number) {
		return uuid("post-" + number);
	}

	private UUID commentId(int post, int index) {
		return uuid("comment-" + post + "-" + index);
	}

	private UUID uuid(String name) {
		return UUID.nameUUIDFromBytes((this.namespace + ":" + name).getBytes(StandardCharsets.UTF_8));
	}

	@Override
	public void destroy() {
		Disposable running = this.seeding;
		if (running != null) {
			running.dispose();
		}
	}

}
