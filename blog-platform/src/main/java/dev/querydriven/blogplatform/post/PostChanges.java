package dev.querydriven.blogplatform.post;

/**
 * An edit of a post: the fields to change, {@code null} for those to keep.
 *
 * @param title the new title, or {@code null}
 * @param body the new body, or {@code null}
 * @param category the new category, or {@code null}
 */
record PostChanges(String title, String body, String category) {

}
