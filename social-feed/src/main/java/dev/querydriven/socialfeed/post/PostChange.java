package dev.querydriven.socialfeed.post;

/**
 * A post published or deleted, as the features keeping a copy of it
 * ({@link dev.querydriven.modeling.dualwrite.Copy}) are told about it.
 *
 * @param kind published or deleted
 * @param post the post
 * @param timestampMicros the write timestamp of every copy of this change
 */
public record PostChange(Kind kind, PostsByIdRow post, long timestampMicros) {

	/**
	 * The description of the change's denormalized write.
	 * @return e.g. {@code post 1234...}
	 */
	String describe() {
		return ((this.kind == Kind.PUBLISHED) ? "post " : "delete post ") + this.post.postId();
	}

	/** What happened. */
	public enum Kind {

		/** The post was written to the post tables. */
		PUBLISHED,

		/** The post is being deleted from every table. */
		DELETED

	}

}
