package dev.querydriven.socialfeed.paging;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * Where an item sits in a timeline ordered newest first: its time, then its id to break
 * ties (a timeline table clustered {@code (post_time DESC, post_id DESC)}). The position
 * of the last item of a page is where the next page resumes.
 *
 * <p>
 * It lives with the cursors rather than with the timeline's fan-out: every post list is
 * ordered this way (a user's posts and a hashtag's too, which the post feature reads),
 * and the post feature must not depend on the timeline, which follows it.
 *
 * @param time the item's time
 * @param id the item's id
 */
public record TimelinePosition(Instant time, UUID id) {

	public TimelinePosition {
		Objects.requireNonNull(time, "time");
		Objects.requireNonNull(id, "id");
	}

	/**
	 * The position as strings, e.g. for a signed page cursor.
	 * @return the time (ISO-8601) and the id
	 */
	public List<String> values() {
		return List.of(this.time.toString(), this.id.toString());
	}

	/**
	 * The position {@link #values()} described.
	 * @param values the time (ISO-8601) and the id
	 * @return the position
	 * @throws IllegalArgumentException when the values are not a position
	 */
	public static TimelinePosition fromValues(List<String> values) {
		if (values.size() != 2) {
			throw new IllegalArgumentException("A timeline position is a time and an id, not " + values);
		}
		try {
			return new TimelinePosition(Instant.parse(values.get(0)), UUID.fromString(values.get(1)));
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException("Not a timeline position: " + values, ex);
		}
	}

}
