package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.util.UUID;

/**
 * A follow or an unfollow, as the features keeping a copy of it
 * ({@link dev.querydriven.modeling.dualwrite.Copy}) are told about it.
 *
 * @param kind a follow or an unfollow
 * @param followerId the follower
 * @param authorId the followed (or unfollowed) user
 * @param at when it happened (millisecond precision)
 */
public record FollowChange(Kind kind, UUID followerId, UUID authorId, Instant at) {

	/**
	 * The description of the change's one denormalized write.
	 * @return e.g. {@code follow a -> b}
	 */
	String describe() {
		return ((this.kind == Kind.FOLLOWED) ? "follow " : "unfollow ") + this.followerId + " -> " + this.authorId;
	}

	/** What happened. */
	public enum Kind {

		/** A new follow was written. */
		FOLLOWED,

		/** A follow was removed. */
		UNFOLLOWED

	}

}
