package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.cql.BoundStatement;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.socialfeed.paging.TimelinePosition;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * What an erased user leaves in the timeline tables, removed: their own timeline (every
 * day partition the retention reaches, after the record of each entry's delivery to them
 * in {@code timeline_deliveries_by_post}), the markers of the authors they hid, the
 * high-fanout authors they pulled, and their own high-fanout mode. Their posts in other
 * readers' timelines are not here: deleting each post removes its copies from every
 * timeline it was delivered to.
 *
 * <p>
 * The erasure runs this after the user's follows are gone: no fan-out delivers to a user
 * who is in nobody's follower list any more, so the days read here are the last entries
 * the user will get. The deletes carry the erasure's time, later than every entry they
 * remove; an entry older than the retention has expired already (its TTL is what is left
 * of the retention when it is written).
 */
@Component
public class TimelineErasure {

	/** Entries read at a time from one day of the timeline. */
	private static final int PAGE = 500;

	private final TimelineRepository timelines;

	private final DualWriter writer;

	private final TimelineProperties properties;

	TimelineErasure(TimelineRepository timelines, DualWriter writer, TimelineProperties properties) {
		this.timelines = timelines;
		this.writer = writer;
		this.properties = properties;
	}

	/**
	 * Removes a user's timeline and everything the timeline tables hold of them.
	 * Idempotent: a repeat reads empty days and deletes what is already deleted.
	 * @param userId the erased user
	 * @param now the erasure's time
	 * @return completes when every row is gone
	 */
	public Mono<Void> erase(UUID userId, Instant now) {
		long timestamp = ChronoUnit.MICROS.between(Instant.EPOCH, now);
		Bucket newest = Bucket.of(TimelineRepository.TIMELINE_BUCKET, now);
		Bucket oldest = Bucket.of(TimelineRepository.TIMELINE_BUCKET, now.minus(this.properties.retention()));
		Flux<Bucket> days = Flux.generate(() -> newest, (day, sink) -> {
			sink.next(day);
			if (day.compareTo(oldest) <= 0) {
				sink.complete();
			}
			return day.previous();
		});
		return days.concatMap((day) -> eraseDay(userId, day, timestamp))
			.then(write("erase the timeline markers of " + userId, timestamp,
					this.timelines.deleteHiddenAuthors(userId), this.timelines.deletePulledAuthors(userId)))
			.then(this.timelines.forgetHighFanoutAuthor(userId))
			.then();
	}

	/**
	 * One day of the user's timeline: each page's delivery records in one write, then the
	 * day's partition, once nothing leads to its entries any more.
	 */
	private Mono<Void> eraseDay(UUID userId, Bucket day, long timestamp) {
		BucketSlice slice = BucketSlice.of(day);
		return readPage(userId, slice, null)
			.expand((page) -> (page.size() < PAGE) ? Mono.empty()
					: readPage(userId, slice, page.get(page.size() - 1).position()))
			.concatMap((page) -> write("erase the deliveries to " + userId, timestamp,
					Flux.fromIterable(page)
						.concatMap((entry) -> this.timelines.deleteDelivery(entry.postId(), userId))))
			.then(write("erase the timeline of " + userId + " on " + day.key(), timestamp,
					this.timelines.deleteDay(userId, day.date())));
	}

	private Mono<List<UserTimelineRow>> readPage(UUID userId, BucketSlice slice, TimelinePosition after) {
		return this.timelines.findEntries(userId, slice, after, PAGE).collectList();
	}

	/**
	 * Runs deletes as one denormalized write with the erasure's timestamp: retried, and
	 * handed to the reconciler when a statement still fails.
	 */
	@SafeVarargs
	private Mono<Void> write(String description, long timestamp, Publisher<BoundStatement>... statements) {
		DenormalizedWrite.Builder write = DenormalizedWrite.builder(description).timestamp(timestamp);
		return Flux.concat(statements)
			.doOnNext(write::put)
			.then(Mono.defer(() -> write.hasStatements() ? this.writer.execute(write.build()).then() : Mono.empty()));
	}

}
