package dev.querydriven.tablemigration;

/**
 * One slice of the token ring, {@code (fromExclusive, toInclusive]}: the unit a backfill
 * or verify job scans, checkpoints and resumes.
 *
 * @param fromExclusive the token after which the slice starts
 * @param toInclusive the last token of the slice
 */
record TokenSlice(long fromExclusive, long toInclusive) {

	TokenSlice {
		if (fromExclusive >= toInclusive) {
			throw new IllegalArgumentException("Empty token slice (" + fromExclusive + ", " + toInclusive + "]");
		}
	}

	@Override
	public String toString() {
		return "(" + this.fromExclusive + ", " + this.toInclusive + "]";
	}

}
