package dev.querydriven.socialfeed.timeline;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.socialfeed.follow.FollowChange;
import dev.querydriven.socialfeed.follow.FollowerLookup;
import dev.querydriven.socialfeed.post.PostChange;
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
class TimelineFanOut {

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
	 * Fans a published post out to every follower's timeline (or, for a high-fanout
	 * author, skips it), with the post's timestamp. The recipients are recorded first, in
	 * the post's own partition, so that no copy ever exists that a delete could not find;
	 * then each follower's timeline gets the post, at most {@code fanOutConcurrency}
	 * writes at a time. The copies expire when they leave the timeline's retention
	 * window.
	 */
	Mono<Void> fanOut(PostChange change) {
		PostsByIdRow post = change.post();
		return mode(post.authorId()).flatMap((mode) -> {
			if (mode.isPresent()) {
				this.skipped.increment();
				return mode.get().followersMigrated() ? Mono.empty() : migrate(post.authorId(), mode.get().since());
			}
			Duration ttl = ttl(post.createdAt(), this.time.instant());
			if (ttl.isNegative() || ttl.isZero()) {
				// Older than any timeline reaches (demo data): nobody would read the
				// copies.
				return Mono.empty();
			}
			long timestamp = change.timestampMicros();
			return this.followers.followerIds(post.authorId())
				.collectList()
				.zipWith(this.timelines.insertEntries(post, ttl))
				.flatMap((fanOut) -> Flux.fromIterable(fanOut.getT1())
					.buffer(DELIVERIES_PER_BATCH)
					.concatMap((chunk) -> this.timelines.insertDeliveries(post.postId(), chunk, ttl, timestamp))
					.then(this.fanOut.deliver(Flux.fromIterable(fanOut.getT1()), fanOut.getT2(), timestamp))
					.doOnNext((result) -> logger.debug("Post {} fanned out to {} timelines", post.postId(),
							result.delivered()))
					.then());
		});
	}

	/**
	 * Removes a deleted post from every timeline it was delivered to (the recorded
	 * recipients, not today's followers), before the post's own write.
	 */
	Mono<Void> removeFromTimelines(PostChange change) {
		return this.timelines.deleteEntries(change.post())
			.flatMap((entry) -> this.fanOut.deliver(this.timelines.findRecipients(change.post().postId()), entry,
					change.timestampMicros()))
			.then();
	}

	/**
	 * The record of a deleted post's recipients goes with the post's own write, once
	 * every timeline entry it led to is removed.
	 */
	Mono<Void> forgetRecipients(DenormalizedWrite.Builder write, PostChange change) {
		return this.timelines.deleteDeliveries(change.post().postId()).doOnNext(write::put).then();
	}

	/**
	 * An unfollow stops pulling the author and hides the author's existing entries from
	 * the timeline, in the unfollow's own write. Hiding is a read-time filter on one
	 * small row, rather than deleting the entries, which would need a scan of every day
	 * of the timeline and leave tombstones in the partitions read most.
	 */
	Mono<Void> unfollow(DenormalizedWrite.Builder write, FollowChange change) {
		Duration ttl = this.properties.retention().plus(Duration.ofDays(1));
		return this.timelines.deleteHighFanoutFollowing(change.followerId(), change.authorId())
			.doOnNext(write::put)
			.then(this.timelines.insertHiddenAuthor(change.followerId(), change.authorId(), change.at(), ttl))
			.doOnNext(write::put)
			.then();
	}

	/**
	 * A follow ended by an erasure stops pulling the author, like an unfollow, but hides
	 * nothing: the erased author's posts are deleted from every timeline they were
	 * delivered to, and a marker would be one more row naming the erased user. A marker
	 * an earlier unfollow of the same two users left is deleted too.
	 */
	Mono<Void> forgetFollow(DenormalizedWrite.Builder write, FollowChange change) {
		return this.timelines.deleteHighFanoutFollowing(change.followerId(), change.authorId())
			.doOnNext(write::put)
			.then(this.timelines.deleteHiddenAuthor(change.followerId(), change.authorId()))
			.doOnNext(write::put)
			.then();
	}

	/**
	 * After a new follow is written and counted: a follower of a high-fanout author
	 * starts pulling their posts from now on (no backfill), with the follow's timestamp;
	 * an author reaching the threshold is promoted. The author's mode is read only now,
	 * after the follow rows are written (see the class documentation), and so is the
	 * follower count.
	 */
	Mono<Void> follow(FollowChange change, long timestampMicros) {
		UUID authorId = change.authorId();
		return mode(authorId).flatMap((mode) -> {
			if (mode.isPresent()) {
				Mono<Void> pull = this.timelines.insertHighFanoutFollowing(change.followerId(), authorId, change.at())
					.flatMap((statement) -> this.writer
						.execute(DenormalizedWrite.builder("pull " + authorId + " for " + change.followerId())
							.put(statement)
							.timestamp(timestampMicros)
							.build()))
					.then();
				return mode.get().followersMigrated() ? pull : pull.then(migrate(authorId, mode.get().since()));
			}
			return this.followers.followerCount(authorId)
				.flatMap((followerCount) -> (followerCount >= this.properties.fanOutThreshold())
						? promote(authorId, change.at()) : Mono.empty());
		});
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
		return this.timelines.insertHighFanoutFollowings(authorId, since)
			.flatMap((pull) -> this.fanOut.deliver(this.followers.followerIds(authorId), pull, this.time.nowMicros()))
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
	Duration ttl(Instant postTime, Instant now) {
		Duration age = Duration.between(postTime, now);
		Duration left = this.properties.retention().minus(age);
		Duration ttl = (left.compareTo(this.properties.retention()) > 0) ? this.properties.retention() : left;
		return Duration.ofSeconds(ttl.toSeconds());
	}

}
