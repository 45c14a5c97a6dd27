package dev.querydriven.socialfeed.follow;

import java.util.List;

import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.dualwrite.WriteStrategy;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Writes a follow or an unfollow: the follow feature's own rows (both directions) and
 * every {@link FollowCopy}'s statements in one {@link DenormalizedWrite}, one client
 * timestamp, so that an unfollow issued after a follow always wins in every table. A copy
 * that still fails after the writer's retries is queued for the service's reconciler,
 * which re-applies it with the same timestamp; the request answers 503 (safe to retry:
 * every statement is idempotent).
 */
@Component
class FollowCopies {

	private final List<FollowCopy> copies;

	private final DualWriter writer;

	FollowCopies(List<FollowCopy> copies, DualWriter writer) {
		this.copies = List.copyOf(copies);
		this.writer = writer;
	}

	/**
	 * Writes a change with the follow feature's own statements and every copy.
	 * @param change the follow or unfollow
	 * @param write the builder holding the follow feature's own statements
	 * @return the write's timestamp, once every statement is written
	 */
	Mono<Long> write(FollowChange change, DenormalizedWrite.Builder write) {
		return Flux.fromIterable(this.copies)
			.concatMap((copy) -> copy.write(write, change))
			.then(Mono.defer(() -> this.writer.execute(write.strategy(WriteStrategy.PARALLEL).build())));
	}

	/**
	 * Tells every copy that the change is written and counted.
	 * @param change the follow or unfollow
	 * @param timestampMicros the change's write timestamp
	 * @param followerCount the author's follower count after the change
	 * @return completes when every copy is done
	 */
	Mono<Void> afterWrite(FollowChange change, long timestampMicros, long followerCount) {
		return Flux.fromIterable(this.copies)
			.concatMap((copy) -> copy.afterWrite(change, timestampMicros, followerCount))
			.then();
	}

	/**
	 * A new write of a change.
	 * @param change the change
	 * @return its builder
	 */
	static DenormalizedWrite.Builder builder(FollowChange change) {
		return DenormalizedWrite.builder(change.describe());
	}

}
