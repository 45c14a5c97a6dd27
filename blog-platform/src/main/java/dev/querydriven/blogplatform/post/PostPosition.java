package dev.querydriven.blogplatform.post;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.querydriven.servicesupport.web.InvalidRequestException;

/**
 * Where a list of posts ordered by {@code (created_at DESC, post_id DESC)} stopped: the
 * clustering position a next page continues strictly after, with
 * {@code AND (created_at, post_id) < (?, ?)}.
 *
 * @param createdAt the last post's publication time
 * @param postId the last post's id (two posts of the same millisecond stay apart)
 */
public record PostPosition(Instant createdAt, UUID postId) {

	/**
	 * The position as cursor values.
	 * @return the values
	 */
	public List<String> values() {
		return List.of(Long.toString(this.createdAt.toEpochMilli()), this.postId.toString());
	}

	/**
	 * Reads a position back from cursor values (signed, so only a change of format can
	 * make them unreadable).
	 * @param values the cursor's values
	 * @param from the index of the first value
	 * @return the position
	 */
	public static PostPosition parse(List<String> values, int from) {
		try {
			return new PostPosition(Instant.ofEpochMilli(Long.parseLong(values.get(from))),
					UUID.fromString(values.get(from + 1)));
		}
		catch (RuntimeException ex) {
			throw new InvalidRequestException("cursor", "is not a cursor issued for this list");
		}
	}

}
