package dev.querydriven.socialfeed.paging;

import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;
import java.util.UUID;

/**
 * Where a post sits in a time-ordered list: its clustering key {@code (post_time,
 * post_id)}.
 *
 * @param time the post's time (millisecond precision, as Cassandra stores it)
 * @param id the post's id, which breaks ties between posts of the same millisecond
 */
public record PostPosition(Instant time, UUID id) {

	/**
	 * The order of {@code CLUSTERING ORDER BY (post_time DESC, post_id DESC)}. Cassandra
	 * compares {@code uuid} values of the same version as unsigned bytes, which is not
	 * {@link UUID#compareTo} (that one compares signed longs): merging lists in Java must
	 * use Cassandra's order, or a page boundary between two posts of one millisecond
	 * would skip or repeat one of them.
	 */
	public static final Comparator<PostPosition> NEWEST_FIRST = Comparator.comparing(PostPosition::time)
		.thenComparing(PostPosition::id, PostPosition::compareLikeCassandra)
		.reversed();

	public PostPosition {
		Objects.requireNonNull(time, "time");
		Objects.requireNonNull(id, "id");
	}

	/**
	 * Compares two UUIDs the way Cassandra's {@code uuid} type does for random (version
	 * 4) UUIDs: version first, then the bits as unsigned numbers.
	 * @param left a UUID
	 * @param right another UUID
	 * @return the comparison
	 */
	static int compareLikeCassandra(UUID left, UUID right) {
		int version = Integer.compare(left.version(), right.version());
		if (version != 0) {
			return version;
		}
		int most = Long.compareUnsigned(left.getMostSignificantBits(), right.getMostSignificantBits());
		return (most != 0) ? most
				: Long.compareUnsigned(left.getLeastSignificantBits(), right.getLeastSignificantBits());
	}

}
