package dev.querydriven.socialfeed.timeline;

import java.util.Comparator;
import java.util.UUID;

/**
 * How Cassandra sorts a {@code uuid} or {@code timeuuid} clustering column (ascending),
 * which is <b>not</b> {@link UUID#compareTo} (that compares the two halves as signed
 * numbers). A read-time merge of several partitions must order ties exactly as the tables
 * do, or a page that resumes with {@code WHERE (time, id) < (?, ?)} skips or repeats the
 * items sharing a timestamp.
 */
public enum UuidClusteringOrder implements Comparator<UUID> {

	/**
	 * A {@code uuid} column: by version, then (version 1) by the embedded time or (other
	 * versions) by the high bits as unsigned, then by the low bits as unsigned.
	 */
	UUID_TYPE {

		@Override
		public int compare(UUID left, UUID right) {
			int version = Integer.compare(left.version(), right.version());
			if (version != 0) {
				return version;
			}
			int high = (left.version() == 1)
					? Long.compare(timeOrdered(left.getMostSignificantBits()),
							timeOrdered(right.getMostSignificantBits()))
					: Long.compareUnsigned(left.getMostSignificantBits(), right.getMostSignificantBits());
			return (high != 0) ? high
					: Long.compareUnsigned(left.getLeastSignificantBits(), right.getLeastSignificantBits());
		}

	},

	/**
	 * A {@code timeuuid} column: by the embedded time, then by the low bits compared as
	 * signed bytes.
	 */
	TIMEUUID_TYPE {

		@Override
		public int compare(UUID left, UUID right) {
			int time = Long.compare(timeOrdered(left.getMostSignificantBits()),
					timeOrdered(right.getMostSignificantBits()));
			return (time != 0) ? time : Long.compare(signedBytes(left.getLeastSignificantBits()),
					signedBytes(right.getLeastSignificantBits()));
		}

	};

	/** Moves the time fields of a version 1 UUID's high bits into time order. */
	private static long timeOrdered(long mostSignificantBits) {
		return (mostSignificantBits << 48) | ((mostSignificantBits << 16) & 0xFFFF_0000_0000L)
				| (mostSignificantBits >>> 32);
	}

	/** Makes a signed comparison of the long compare its eight bytes as signed bytes. */
	private static long signedBytes(long bits) {
		return bits ^ 0x0080_8080_8080_8080L;
	}

}
