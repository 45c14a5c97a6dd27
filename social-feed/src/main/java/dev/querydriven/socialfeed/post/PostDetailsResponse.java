package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A post by id, with its like count.
 *
 * @param id the post's id
 * @param authorId the author
 * @param content the text
 * @param hashtags the hashtags, lower-case, sorted
 * @param createdAt when it was posted
 * @param likes how many users liked it (approximate, read at consistency ONE)
 */
public record PostDetailsResponse(UUID id, UUID authorId, String content, List<String> hashtags, Instant createdAt,
		long likes) {

}
