package dev.querydriven.socialfeed.follow;

import java.util.UUID;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * The followers of an author, for the features that deliver to them (the timeline's
 * fan-out). Kept apart from {@link FollowService} so that a copy of a follow can read
 * followers without depending on the service that writes it.
 */
@Component
public class FollowerLookup {

	private final FollowRepository follows;

	private final FollowerShards shards;

	FollowerLookup(FollowRepository follows, FollowerShards shards) {
		this.follows = follows;
		this.shards = shards;
	}

	/**
	 * The approximate number of an author's followers (a counter).
	 * @param authorId the author
	 * @return the count, 0 when none was ever counted
	 */
	public Mono<Long> followerCount(UUID authorId) {
		return this.follows.findCounts(authorId).map(FollowerCountsRow::followers).defaultIfEmpty(0L);
	}

	/**
	 * Every follower of an author, streamed from {@code followers_by_user_shard} (Q3):
	 * the author's shards one after the other, each page by page. An ordinary author has
	 * one shard.
	 * @param authorId the author
	 * @return the follower ids
	 */
	public Flux<UUID> followerIds(UUID authorId) {
		return this.shards.current(authorId)
			.flatMapMany((last) -> Flux.range(0, last + 1)
				.concatMap((shard) -> this.follows.findFollowerIds(authorId, shard)));
	}

}
