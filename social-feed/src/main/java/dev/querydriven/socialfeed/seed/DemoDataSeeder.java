package dev.querydriven.socialfeed.seed;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import dev.querydriven.modeling.dualwrite.TransientFailures;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.socialfeed.follow.FollowService;
import dev.querydriven.socialfeed.post.LikeService;
import dev.querydriven.socialfeed.post.PostService;
import dev.querydriven.socialfeed.user.NewUser;
import dev.querydriven.socialfeed.user.UserService;
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
 * Seeds the demo data in the background once the service is up (requests are served
 * meanwhile), logging its progress. Idempotent: every id is derived from a fixed name, a
 * user or post that exists is skipped, and follows and likes are idempotent, so a second
 * run (or a run after an interrupted one) converges to the same data. Its volume comes
 * from {@link SeedProperties}; a {@link DemoDataSeeded} event says when it is done.
 */
@Component
@ConditionalOnBooleanProperty("querydriven.social-feed.seed.enabled")
class DemoDataSeeder implements ApplicationRunner, DisposableBean {

	private static final Logger logger = LoggerFactory.getLogger(DemoDataSeeder.class);

	/**
	 * A write that timed out on a busy dev machine (several services and their nodes
	 * starting at once) starts the seed over: every write of it is idempotent, so a
	 * second pass only completes the first. Anything but a transient failure ends it.
	 */
	private static final Retry START_OVER = TransientFailures.onlyTransient(Retry.backoff(5, Duration.ofSeconds(2))
		.doBeforeRetry((retry) -> logger.warn("Demo data seeding met {}; starting it over", retry.failure().toString()))
		.onRetryExhaustedThrow((spec, signal) -> signal.failure()));

	private static final Duration HISTORY = Duration.ofDays(180);

	private static final int CONCURRENCY = 8;

	/**
	 * Two popular authors, followed by five sixths and half of the users: with the
	 * default volume (300 users) far more than the fan-out threshold.
	 */
	private static final List<Popular> POPULAR = List.of(new Popular("cassandra_news", "Cassandra News", 5, 6),
			new Popular("modeling_tips", "Data Modeling Tips", 1, 2));

	private static final List<String> HASHTAGS = List.of("cassandra", "datamodeling", "nosql", "java", "spring",
			"reactive", "timeseries", "kubernetes", "performance", "distributed");

	private static final List<String> PHRASES = List.of("Query first, tables second.",
			"Bucketed my partitions today, reads are fast again.", "Denormalization is not a sin here.",
			"Fan-out on write: cheap reads, busy writes.", "Tombstones bit me again.",
			"One partition per query is the golden rule.", "Counting likes with counters, approximately.",
			"Time windows and TTLs make old data disappear quietly.", "Learning the primary key anatomy.",
			"Consistency levels, chosen per query.");

	private final UserService users;

	private final FollowService follows;

	private final PostService posts;

	private final LikeService likes;

	private final TimeSource time;

	private final SeedProperties volume;

	private final ApplicationEventPublisher events;

	private volatile Disposable running;

	DemoDataSeeder(UserService users, FollowService follows, PostService posts, LikeService likes, TimeSource time,
			SeedProperties volume, ApplicationEventPublisher events) {
		this.users = users;
		this.follows = follows;
		this.posts = posts;
		this.likes = likes;
		this.time = time;
		this.volume = volume;
		this.events = events;
	}

	@Override
	public void run(ApplicationArguments args) {
		Instant now = this.time.instant();
		logger.info("Seeding demo data in the background: {} users, a follow graph, posts over {} days",
				this.volume.users() + POPULAR.size(), HISTORY.toDays());
		this.running = seed(now).retryWhen(START_OVER).subscribe((done) -> {
			logger.info("Demo data seeded in {} s: {} users, {} follows, {} posts, {} likes", done.took().toSeconds(),
					done.users(), done.follows(), done.posts(), done.likes());
			// A home timeline shows the fan-out and the read-time merge at once; it
			// is its owner's, so the line names the subject of the token it takes.
			UUID reader = id("user:user_001");
			logger.info(
					"Demo data ready: try GET /users/{}/timeline as {} (user_001, with a token from POST /dev/tokens)",
					reader, reader);
			this.events.publishEvent(done);
		}, (error) -> logger.error("Demo data seeding failed (re-running the service resumes it)", error));
	}

	@Override
	public void destroy() {
		Disposable seeding = this.running;
		if (seeding != null) {
			seeding.dispose();
		}
	}

	Mono<DemoDataSeeded> seed(Instant now) {
		long started = System.nanoTime();
		Random random = new Random(42);
		List<SeedUser> people = new ArrayList<>();
		Instant registered = now.minus(HISTORY).minus(Duration.ofDays(7));
		for (int i = 1; i <= this.volume.users(); i++) {
			String name = String.format("user_%03d", i);
			people.add(new SeedUser(id("user:" + name), name, "User " + i));
		}
		List<SeedUser> popular = POPULAR.stream()
			.map((author) -> new SeedUser(id("user:" + author.username()), author.username(), author.displayName()))
			.toList();
		List<SeedUser> everyone = new ArrayList<>(people);
		everyone.addAll(popular);
		List<UUID[]> followPairs = followGraph(people, popular, random);
		List<SeedPost> postsToWrite = posts(people, popular, now, random);
		List<UUID[]> likePairs = new ArrayList<>();
		for (int i = 0; i < this.volume.likes(); i++) {
			likePairs.add(new UUID[] { postsToWrite.get(random.nextInt(postsToWrite.size())).id(),
					people.get(random.nextInt(people.size())).id() });
		}
		// Follows date from just after registration: the popular authors' followers pull
		// their posts from then on (following never backfills), so their recent posts
		// show.
		return users(everyone, registered).then(follows(followPairs, registered.plus(Duration.ofHours(1))))
			.then(publish(postsToWrite))
			.then(like(likePairs, now))
			.then(Mono.fromSupplier(() -> new DemoDataSeeded(everyone.size(), followPairs.size(), postsToWrite.size(),
					likePairs.size(), Duration.ofNanos(System.nanoTime() - started))));
	}

	private Mono<Void> users(List<SeedUser> everyone, Instant registered) {
		AtomicInteger done = new AtomicInteger();
		return Flux.fromIterable(everyone)
			.flatMap(
					(user) -> this.users.findById(user.id())
						.hasElement()
						.flatMap((exists) -> exists ? Mono.empty()
								: this.users
									.register(user.id(),
											new NewUser(user.username(), user.username() + "@example.com",
													user.displayName()),
											registered)
									.then())
						.onErrorResume(ConflictException.class, (ex) -> Mono.empty())
						.doOnSuccess((ignored) -> progress("users", done.incrementAndGet(), everyone.size(), 100)),
					CONCURRENCY)
			.then();
	}

	private Mono<Void> follows(List<UUID[]> pairs, Instant at) {
		AtomicInteger done = new AtomicInteger();
		return Flux.fromIterable(pairs)
			.flatMap(
					(pair) -> this.follows.follow(pair[0], pair[1], at)
						.doOnSuccess((ignored) -> progress("follows", done.incrementAndGet(), pairs.size(), 1_000)),
					CONCURRENCY)
			.then();
	}

	private Mono<Void> publish(List<SeedPost> all) {
		AtomicInteger done = new AtomicInteger();
		return Flux.fromIterable(all)
			.flatMap(
					(post) -> this.posts.findById(post.id())
						.hasElement()
						.flatMap((exists) -> exists ? Mono.empty()
								: this.posts.publish(post.id(), post.authorId(), post.content(), post.at()).then())
						.doOnSuccess((ignored) -> progress("posts", done.incrementAndGet(), all.size(), 250)),
					CONCURRENCY)
			.then();
	}

	private Mono<Void> like(List<UUID[]> pairs, Instant now) {
		AtomicInteger done = new AtomicInteger();
		return Flux.fromIterable(pairs)
			.flatMap(
					(pair) -> this.likes.like(pair[0], pair[1], now)
						.doOnSuccess((ignored) -> progress("likes", done.incrementAndGet(), pairs.size(), 250)),
					CONCURRENCY)
			.then();
	}

	private List<UUID[]> followGraph(List<SeedUser> people, List<SeedUser> popular, Random random) {
		List<UUID[]> pairs = new ArrayList<>();
		for (SeedUser user : people) {
			for (int i = 0; i < this.volume.followsPerUser(); i++) {
				SeedUser other = people.get(random.nextInt(people.size()));
				if (!other.equals(user)) {
					pairs.add(new UUID[] { user.id(), other.id() });
				}
			}
		}
		for (int p = 0; p < popular.size(); p++) {
			for (int i = 0; i < POPULAR.get(p).followers(people.size()); i++) {
				pairs.add(new UUID[] { people.get(i).id(), popular.get(p).id() });
			}
		}
		return pairs;
	}

	private List<SeedPost> posts(List<SeedUser> people, List<SeedUser> popular, Instant now, Random random) {
		List<SeedPost> all = new ArrayList<>();
		for (SeedUser user : people) {
			int count = random.nextInt(this.volume.maxPostsPerUser() + 1);
			for (int i = 0; i < count; i++) {
				all.add(post(user, i, now, random));
			}
		}
		for (SeedUser author : popular) {
			for (int i = 0; i < this.volume.postsPerPopularAuthor(); i++) {
				all.add(post(author, i, now, random));
			}
		}
		return all;
	}

	private static SeedPost post(SeedUser author, int index, Instant now, Random random) {
		String text = PHRASES.get(random.nextInt(PHRASES.size())) + " #" + HASHTAGS.get(random.nextInt(HASHTAGS.size()))
				+ ((random.nextBoolean()) ? " #" + HASHTAGS.get(random.nextInt(HASHTAGS.size())) : "");
		Instant at = now.minusSeconds((long) (random.nextDouble() * HISTORY.toSeconds()));
		return new SeedPost(id("post:" + author.username() + ":" + index), author.id(), text, at);
	}

	/**
	 * A fixed id per name, shaped like the random (version 4) ids the API creates, so
	 * seeded and created rows sort the same way.
	 */
	static UUID id(String name) {
		UUID hashed = UUID.nameUUIDFromBytes(("social-feed-seed:" + name).getBytes(StandardCharsets.UTF_8));
		return new UUID((hashed.getMostSignificantBits() & ~0xF000L) | 0x4000L, hashed.getLeastSignificantBits());
	}

	private static void progress(String what, int done, int total, int every) {
		if (done % every == 0 || done == total) {
			logger.info("Seeding {}: {}/{}", what, done, total);
		}
	}

	private record SeedUser(UUID id, String username, String displayName) {

	}

	private record SeedPost(UUID id, UUID authorId, String content, Instant at) {

	}

	/** A popular author, followed by {@code numerator / denominator} of the users. */
	private record Popular(String username, String displayName, int numerator, int denominator) {

		int followers(int users) {
			return users * this.numerator / this.denominator;
		}

	}

}
