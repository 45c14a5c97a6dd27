package dev.querydriven.socialfeed.timeline;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import dev.querydriven.modeling.time.TimeSource;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.fanout.FanOut;
import dev.querydriven.socialfeed.follow.FollowListener;
import dev.querydriven.socialfeed.follow.FollowerLookup;
import dev.querydriven.socialfeed.post.PostListener;
import dev.querydriven.socialfeed.post.PostsByIdRow;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * The write side of timelines: fan-out on write for ordinary authors, the switch to
 * read-time merging for high-fanout authors, and the cleanup of copies.
 *
 * <p>
 * <b>Pushed or pulled.</b> An author is pushed (fanned out) until their follower count
 * reaches {@link TimelineProperties#fanOutThreshold()}. The follow that reaches it
 * promotes the author with a lightweight transaction on {@code high_fanout_authors}
 * (exactly one request wins) and gives every follower a
 * {@code high_fanout_following_by_user} row, so their timeline reads pull the author's
 * posts from then on. Promotion is sticky: pulling is correct for any author, so falling
 * back below the threshold changes nothing.
 *
 * <p>
 * <b>A follow racing with a promotion.</b> A follow writes its follow rows, then reads
 * the author's mode; a promotion writes the mode, then reads the followers. Both at
 * quorum: at least one of them sees the other, so the new follower gets its pull row from
 * one side or both (the row is idempotent). A post racing with the promotion may be both
 * fanned out and pulled; the read-time merge drops the duplicate by post id. Followers
 * pull from {@link TimelineProperties#promotionOverlap()} before the promotion, so no
 * post falls between the two modes.
 */
@Component
class TimelineFanOut implements PostListener, FollowListener {

	private static final Logger logger = LoggerFactory.getLogger(TimelineFanOut.class);

	/**
	 * Delivery records per single-partition batch: about 40 bytes each, well under the 5
	 * KiB batch warning.
	 */
	private static final int DELIVERIES_PER_BATCH = 50;

	private final TimelineRepository timelines;

	private final FollowerLookup followers;

	private final FanOut fanOut;

	private final DualWriter writer;

	private final TimelineProperties properties;

	private final TimeSource time;

	private final Counter skipped;

	private final Counter promotions;

	TimelineFanOut(TimelineRepository timelines, FollowerLookup followers, FanOut fanOut, DualWriter writer,
			TimelineProperties properties, TimeSource time, MeterRegistry registry) {
		this.timelines = timelines;
		this.followers = followers;
		this.fanOut = fanOut;
		this.writer = writer;
		this.properties = properties;
		this.time = time;
		this.skipped = Counter.builder("querydriven.socialfeed.fanout.skipped")
			.description("Posts of high-fanout authors, merged at read time instead of fanned out")
			.register(registry);
		this.promotions = Counter.builder("querydriven.socialfeed.fanout.promotions")
			.description("Authors switched from fan-out on write to read-time merging")
			.register(registry);
	}

	/**
	 * Fans a post out to every follower's timeline (or, for a high-fanout author, skips
	 * it). The recipients are recorded first, in the post's own partition, so that no
	 * copy ever exists that a delete could not find; then each follower's timeline gets
	 * the post, at most {@code fanOutConcurrency} writes at a time. The copies expire
	 * when they leave the timeline's retention window.
	 */
	@Override
	public Mono<Void> published(PostsByIdRow post) {
		return mode(post.authorId()).flatMap((mode) -> {
			if (mode.isPresent()) {
				this.skipped.increment();
				return mode.get().followersMigrated() ? Mono.empty() : migrate(post.authorId(), mode.get().since());
			}
			int ttl = ttlSeconds(post.createdAt(), this.time.instant());
			if (ttl <= 0) {
				// Older than any timeline reaches (demo data): nobody would read the
				// copies.
				return Mono.empty();
			}
			return this.followers.followerIds(post.authorId()).collectList().flatMap((recipients) -> {
				long timestamp = this.time.nowMicros();
				return Flux.fromIterable(recipients)
					.buffer(DELIVERIES_PER_BATCH)
					.concatMap((chunk) -> this.timelines
						.write(this.timelines.insertDeliveries(post.postId(), chunk, ttl), timestamp))
					.then(this.fanOut.deliver(Flux.fromIterable(recipients),
							(recipient) -> this.timelines.insertEntry(recipient, post, ttl), timestamp))
					.doOnNext((result) -> logger.debug("Post {} fanned out to {} timelines", post.postId(),
							result.delivered()))
					.then();
			});
		});
	}

	/**
	 * Removes a post from every timeline it was delivered to (the recorded recipients,
	 * not today's followers), then the record of its recipients.
	 */
	@Override
	public Mono<Void> deleting(PostsByIdRow post, long timestampMicros) {
		return this.fanOut
			.deliver(this.timelines.findRecipients(post.postId()),
					(recipient) -> this.timelines.deleteEntry(recipient, post), timestampMicros)
			.then(this.writer.execute(DenormalizedWrite.builder("delete deliveries of post " + post.postId())
				.put(this.timelines.deleteDeliveries(post.postId()))
				.timestamp(timestampMicros)
				.build()))
			.then();
	}

	/**
	 * After a new follow: a follower of a high-fanout author starts pulling their posts
	 * from now on (no backfill); an author reaching the threshold is promoted.
	 */
	@Override
	public Mono<Void> followed(UUID followerId, UUID authorId, Instant followedAt, long followerCount) {
		return mode(authorId).flatMap((mode) -> {
			if (mode.isPresent()) {
				Mono<Void> pull = this.writer
					.execute(DenormalizedWrite.builder("pull " + authorId + " for " + followerId)
						.put(this.timelines.insertHighFanoutFollowing(followerId, authorId, followedAt))
						.build())
					.then();
				return mode.get().followersMigrated() ? pull : pull.then(migrate(authorId, mode.get().since()));
			}
			return (followerCount >= this.properties.fanOutThreshold()) ? promote(authorId, followedAt) : Mono.empty();
		});
	}

	/**
	 * An unfollow stops pulling the author and hides the author's existing entries from
	 * the timeline. Hiding is a read-time filter on one small row, rather than deleting
	 * the entries, which would need a scan of every day of the timeline and leave
	 * tombstones in the partitions read most.
	 */
	@Override
	public List<Statement<?>> unfollowed(UUID followerId, UUID authorId, Instant unfollowedAt) {
		int ttl = (int) this.properties.retention().plus(Duration.ofDays(1)).toSeconds();
		return List.of(this.timelines.deleteHighFanoutFollowing(followerId, authorId),
				this.timelines.insertHiddenAuthor(followerId, authorId, unfollowedAt, ttl));
	}

	private Mono<Void> promote(UUID authorId, Instant at) {
		Instant since = at.minus(this.properties.promotionOverlap());
		return this.timelines.promote(authorId, since).flatMap((promoted) -> {
			if (promoted) {
				this.promotions.increment();
				logger.info("Author {} reached {} followers: their posts are now merged at read time", authorId,
						this.properties.fanOutThreshold());
				return migrate(authorId, since);
			}
			// Promoted concurrently: finish the migration if the winner has not (yet).
			return mode(authorId).flatMap((mode) -> mode.filter((row) -> !row.followersMigrated())
				.map((row) -> migrate(authorId, row.since()))
				.orElse(Mono.empty()));
		});
	}

	/**
	 * Gives every current follower of a promoted author a pull row, then marks the
	 * migration done. Idempotent, so a promotion interrupted half-way is finished by the
	 * next post or follow that finds it unfinished.
	 */
	private Mono<Void> migrate(UUID authorId, Instant since) {
		return this.fanOut
			.deliver(this.followers.followerIds(authorId),
					(follower) -> this.timelines.insertHighFanoutFollowing(follower, authorId, since),
					this.time.nowMicros())
			.then(this.timelines.markMigrated(authorId))
			.then();
	}

	private Mono<Optional<HighFanoutAuthorsRow>> mode(UUID authorId) {
		return this.timelines.findHighFanoutAuthor(authorId).map(Optional::of).defaultIfEmpty(Optional.empty());
	}

	/**
	 * A copy lives until its post leaves the retention window, so a timeline entry and
	 * its delivery record expire exactly when no read can reach them any more.
	 */
	int ttlSeconds(Instant postTime, Instant now) {
		Duration age = Duration.between(postTime, now);
		return (int) Math.min(this.properties.retention().minus(age).toSeconds(),
				this.properties.retention().toSeconds());
	}

}
