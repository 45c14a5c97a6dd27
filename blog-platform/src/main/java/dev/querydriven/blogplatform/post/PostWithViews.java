package dev.querydriven.blogplatform.post;

/**
 * A post and its (approximate) view count, read from two tables.
 *
 * @param post the current version
 * @param views the view count
 */
record PostWithViews(PostsByIdRow post, long views) {

}
