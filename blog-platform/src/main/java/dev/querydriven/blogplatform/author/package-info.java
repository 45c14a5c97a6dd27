/**
 * An author's posts, newest first (Q2): the article's {@code posts_by_author},
 * partitioned by author and clustered by {@code (created_at DESC, post_id DESC)}, with
 * the title copied from {@code posts_by_id} so that the list is one partition read. The
 * copy is kept in sync by the post feature's denormalized write
 * ({@link dev.querydriven.blogplatform.author.AuthorPostCopies}).
 */
package dev.querydriven.blogplatform.author;
