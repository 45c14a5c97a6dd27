package dev.querydriven.socialfeed.follow;

import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import reactor.core.publisher.Mono;

/**
 * A table keeping something that follows from a follow (the timeline's pull rows and
 * hidden authors): each feature owning such a table implements this interface, and
 * {@link FollowCopies} writes its statements in the follow's or unfollow's one
 * {@link DenormalizedWrite}, with one timestamp. The follow feature thus keeps every copy
 * in sync without depending on the features that read them: the one way copies cross
 * features in this project (a listener interface declared by the feature that owns the
 * source of truth, implemented by each feature that keeps a copy, contributing statements
 * to the owner's one write).
 */
public interface FollowCopy {

	/**
	 * Adds this feature's statements for a change: idempotent inserts and deletes, no
	 * lightweight transactions, no timestamps of their own (the write carries one for
	 * all).
	 * @param write the logical write being built (one copy at a time adds to it)
	 * @param change the follow or unfollow
	 * @return completes once the statements are added
	 */
	Mono<Void> write(DenormalizedWrite.Builder write, FollowChange change);

	/**
	 * Work that must read what the follow's write made visible, once it is written and
	 * counted: e.g. the author's mode (pushed or pulled), which a promotion racing with
	 * this follow writes before it reads the followers. Its own writes carry the follow's
	 * timestamp.
	 * @param change the follow or unfollow
	 * @param timestampMicros the timestamp of the change's write
	 * @param followerCount the author's (approximate) follower count after the change
	 * @return completes when done
	 */
	default Mono<Void> afterWrite(FollowChange change, long timestampMicros, long followerCount) {
		return Mono.empty();
	}

}
