package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A post in a list (a user's posts, a hashtag, a timeline) or as created.
 *
 * @param id the post's id
 * @param authorId the author
 * @param content the text
 * @param hashtags the hashtags, lower-case, sorted
 * @param createdAt when it was posted
 */
public record PostResponse(UUID id, UUID authorId, String content, List<String> hashtags, Instant createdAt) {

}
