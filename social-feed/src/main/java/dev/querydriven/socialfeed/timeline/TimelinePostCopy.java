package dev.querydriven.socialfeed.timeline;

import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.socialfeed.post.PostChange;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * The timelines' copies of a post: one row per follower, too many for the post's one
 * write, so they are a fan-out with the post's timestamp ({@link TimelineFanOut}). After
 * the post's write when it is published, so that a copy never exists without its post;
 * before it when it is deleted, so that the post, which leads to its copies, goes last.
 * The record of who received the post goes with the deletion's one write.
 */
@Component
class TimelinePostCopy implements Copy<PostChange> {

	private final TimelineFanOut fanOut;

	TimelinePostCopy(TimelineFanOut fanOut) {
		this.fanOut = fanOut;
	}

	@Override
	public Mono<Void> write(DenormalizedWrite.Builder write, PostChange change) {
		return (change.kind() == PostChange.Kind.DELETED) ? this.fanOut.forgetRecipients(write, change) : Mono.empty();
	}

	@Override
	public Mono<AfterWrite> beforeWrite(PostChange change) {
		if (change.kind() == PostChange.Kind.DELETED) {
			return this.fanOut.removeFromTimelines(change).thenReturn(AfterWrite.NOTHING);
		}
		return Mono.just((timestampMicros) -> this.fanOut.fanOut(change));
	}

}
