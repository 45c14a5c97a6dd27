package dev.querydriven.blogplatform.post;

/**
 * The bounds of a post's fields: every text that reaches a table is bounded, so rows and
 * partitions have a known maximum size.
 */
final class PostLimits {

	/**
	 * Characters in a title. The title is copied into three tables and one logged batch
	 * writes the copies, so 200 characters (at most 800 bytes in UTF-8) keep every batch
	 * under the 5 KiB warning threshold.
	 */
	static final int TITLE = 200;

	/** Characters in a body (kept only in {@code posts_by_id}: one row of ≤ 80 KB). */
	static final int BODY = 20_000;

	/** A text with at least one non-whitespace character. */
	static final String NOT_BLANK = "(?s).*\\S.*";

	private PostLimits() {
	}

}
