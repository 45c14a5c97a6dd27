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
		String what = switch (this.kind) {
			case FOLLOWED -> "follow ";
			case UNFOLLOWED -> "unfollow ";
			case ERASED -> "erase follow ";
		};
		return what + this.followerId + " -> " + this.authorId;
	}

	/** What happened. */
	public enum Kind {

		/** A new follow was written. */
		FOLLOWED,

		/** A follow was removed. */
		UNFOLLOWED,

		/**
		 * A follow was removed because one of its two users is being erased: like an
		 * unfollow, except that no copy may keep a trace of it (an unfollow hides the
		 * author's entries with a marker naming the author; an erasure leaves none).
		 */
		ERASED

	}

}
