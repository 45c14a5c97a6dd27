package dev.querydriven.blogplatform.post;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * A post to publish, validated.
 *
 * @param postId its id
 * @param authorId its author
 * @param title its title
 * @param body its body
 * @param category its category, a {@link CategorySlug}
 * @param createdAt when it is published (millisecond precision, as Cassandra stores it)
 */
public record NewPost(UUID postId, UUID authorId, String title, String body, String category, Instant createdAt) {

	public NewPost {
		createdAt = createdAt.truncatedTo(ChronoUnit.MILLIS);
	}

	/**
	 * A post published now, with a new random id.
	 * @param authorId its author
	 * @param title its title
	 * @param body its body
	 * @param category its category
	 * @return the post
	 */
	public static NewPost now(UUID authorId, String title, String body, String category) {
		return new NewPost(UUID.randomUUID(), authorId, title, body, category, Instant.now());
	}

}
