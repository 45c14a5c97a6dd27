package dev.querydriven.socialfeed.follow;

import java.util.UUID;

import reactor.core.publisher.Flux;

import org.springframework.stereotype.Component;

/**
 * The followers of an author, for the features that deliver to them (the timeline's
 * fan-out). Kept apart from {@link FollowService} so that a {@link FollowListener} can
 * read followers without depending on the service that calls it.
 */
@Component
public class FollowerLookup {

	private final FollowRepository follows;

	FollowerLookup(FollowRepository follows) {
		this.follows = follows;
	}

	/**
	 * Every follower of an author, streamed from {@code followers_by_user} (Q3).
	 * @param authorId the author
	 * @return the follower ids
	 */
	public Flux<UUID> followerIds(UUID authorId) {
		return this.follows.findFollowerIds(authorId);
	}

}
