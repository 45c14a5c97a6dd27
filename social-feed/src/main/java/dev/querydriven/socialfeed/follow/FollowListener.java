package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.cql.Statement;
import reactor.core.publisher.Mono;

/**
 * Told about follows and unfollows by {@link FollowService}, within the request. The
 * timeline implements it (which authors a reader pulls, which entries it hides), so that
 * this package depends on no other feature.
 */
public interface FollowListener {

	/**
	 * A new follow was written.
	 * @param followerId the follower
	 * @param authorId the followed user
	 * @param followedAt when the follow happened
	 * @param followerCount the author's (approximate) follower count after the follow
	 * @return completes when the listener's copies are written
	 */
	Mono<Void> followed(UUID followerId, UUID authorId, Instant followedAt, long followerCount);

	/**
	 * The statements that undo what {@link #followed} wrote, made part of the unfollow's
	 * own denormalized write (one timestamp).
	 * @param followerId the follower
	 * @param authorId the unfollowed user
	 * @param unfollowedAt when the unfollow happened
	 * @return plain, idempotent statements
	 */
	List<Statement<?>> unfollowed(UUID followerId, UUID authorId, Instant unfollowedAt);

}
