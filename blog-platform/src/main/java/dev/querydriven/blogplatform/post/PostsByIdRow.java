package dev.querydriven.blogplatform.post;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q1: a row of {@code posts_by_id}, one partition per post: one version of a post, the
 * source every copy is derived from. Written only by lightweight transactions.
 *
 * @param postId the post
 * @param authorId its author
 * @param title its title (copied to the lists)
 * @param body its body (kept only here)
 * @param category its category (part of the category tables' keys)
 * @param previousCategory the category of the previous version, so that replaying this
 * version's copies also removes the copy it moved away from
 * @param createdAt when it was published (part of the list tables' keys, never changes)
 * @param version the version, incremented by every edit under a lightweight transaction
 * @param writeTime the client write timestamp (microseconds) of this version's copies
 * @param deleted whether the post is being deleted (it reads as gone)
 */
@Table("posts_by_id")
public record PostsByIdRow(@PrimaryKeyColumn(name = "post_id", ordinal = 0, type = PARTITIONED) UUID postId,
		@Column("author_id") UUID authorId, String title, String body, String category,
		@Column("previous_category") String previousCategory, @Column("created_at") Instant createdAt, int version,
		@Column("write_time") long writeTime, boolean deleted) {

	public PostsByIdRow {
		Objects.requireNonNull(postId, "postId");
		Objects.requireNonNull(category, "category");
		Objects.requireNonNull(createdAt, "createdAt");
	}

	/**
	 * Whether this version moved the post to another category.
	 * @return {@code true} when the previous version lived in another category
	 */
	public boolean moved() {
		return this.previousCategory != null && !this.previousCategory.equals(this.category);
	}

	/**
	 * The next version with the given content.
	 * @param title the new title
	 * @param body the new body
	 * @param category the new category
	 * @param writeTime the timestamp of its copies, above this version's
	 * ({@code TimeSource.nextTimestamp(writeTime())})
	 * @return the next version, whose copies win over this one's
	 */
	PostsByIdRow next(String title, String body, String category, long writeTime) {
		return new PostsByIdRow(this.postId, this.authorId, title, body, category, this.category, this.createdAt,
				this.version + 1, requireAfter(writeTime), false);
	}

	/**
	 * The deletion version: the post reads as gone, and its copies are removed with a
	 * timestamp above every copy ever written.
	 * @param writeTime the timestamp of the removals, above this version's
	 * @return the deletion version
	 */
	PostsByIdRow deletion(long writeTime) {
		return new PostsByIdRow(this.postId, this.authorId, this.title, this.body, this.category, this.previousCategory,
				this.createdAt, this.version + 1, requireAfter(writeTime), true);
	}

	/**
	 * The same version, as if it had moved from another category: replaying its copies
	 * also removes a copy left under that category (by a change that another overtook
	 * before its copies landed), with this version's timestamp, which is later than that
	 * copy's.
	 * @param category the category the post no longer lives in
	 * @return the version, leaving that category
	 */
	PostsByIdRow leaving(String category) {
		return new PostsByIdRow(this.postId, this.authorId, this.title, this.body, this.category, category,
				this.createdAt, this.version, this.writeTime, this.deleted);
	}

	/**
	 * The same version with the publication time a post of this id was given: a keyed
	 * publication repeated answers what its first request did.
	 * @param publishedAt the stored publication time
	 * @return the version
	 */
	PostsByIdRow publishedAt(Instant publishedAt) {
		return new PostsByIdRow(this.postId, this.authorId, this.title, this.body, this.category, this.previousCategory,
				publishedAt, this.version, this.writeTime, this.deleted);
	}

	/**
	 * Whether a change would leave the content as it is.
	 * @param title the wanted title
	 * @param body the wanted body
	 * @param category the wanted category
	 * @return {@code true} when nothing would change
	 */
	boolean hasContent(String title, String body, String category) {
		return this.title.equals(title) && this.body.equals(body) && this.category.equals(category);
	}

	/**
	 * A later version's copies must carry a later timestamp, even if the client clock is
	 * behind this version's (another instance's clock, or a clock stepped back): that is
	 * what makes them win.
	 */
	private long requireAfter(long writeTime) {
		if (writeTime <= this.writeTime) {
			throw new IllegalArgumentException(
					"The next version's timestamp " + writeTime + " must be after " + this.writeTime);
		}
		return writeTime;
	}

}
