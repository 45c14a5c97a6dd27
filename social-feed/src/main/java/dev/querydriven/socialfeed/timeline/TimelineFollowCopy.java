package dev.querydriven.socialfeed.timeline;

import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.socialfeed.follow.FollowChange;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * What a follow changes in timelines: an unfollow stops pulling the author and hides
 * their entries, in the unfollow's one write; a follow, once written and counted, starts
 * pulling a high-fanout author or promotes one that reached the threshold
 * ({@link TimelineFanOut}); a follow ended by an erasure stops pulling and removes any
 * hiding marker, leaving no row that names the erased user.
 */
@Component
class TimelineFollowCopy implements Copy<FollowChange> {

	private final TimelineFanOut fanOut;

	TimelineFollowCopy(TimelineFanOut fanOut) {
		this.fanOut = fanOut;
	}

	@Override
	public Mono<Void> write(DenormalizedWrite.Builder write, FollowChange change) {
		return switch (change.kind()) {
			case UNFOLLOWED -> this.fanOut.unfollow(write, change);
			case ERASED -> this.fanOut.forgetFollow(write, change);
			case FOLLOWED -> Mono.empty();
		};
	}

	@Override
	public Mono<AfterWrite> beforeWrite(FollowChange change) {
		if (change.kind() != FollowChange.Kind.FOLLOWED) {
			return Mono.just(AfterWrite.NOTHING);
		}
		return Mono.just((timestampMicros) -> this.fanOut.follow(change, timestampMicros));
	}

}
