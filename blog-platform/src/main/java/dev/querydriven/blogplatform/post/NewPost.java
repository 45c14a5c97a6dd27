package dev.querydriven.blogplatform.post;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * A post to publish, validated (the controller maps the request to it; the demo seeder
 * builds it directly, with its own ids and times).
 *
 * @param postId its id, or {@code null} for a new random one
 * @param authorId its author
 * @param title its title
 * @param body its body
 * @param category its category, a {@link CategorySlug}
 * @param createdAt when it is published (millisecond precision, as Cassandra stores it),
 * or {@code null} for now, on the service's clock
 */
public record NewPost(UUID postId, UUID authorId, String title, String body, String category, Instant createdAt) {

	public NewPost {
		createdAt = (createdAt != null) ? createdAt.truncatedTo(ChronoUnit.MILLIS) : null;
	}

	/**
	 * The same post with the id a keyed publication claimed for it.
	 * @param id the id
	 * @return the post
	 */
	NewPost withPostId(UUID id) {
		return new NewPost(id, this.authorId, this.title, this.body, this.category, this.createdAt);
	}

}
