/**
 * Paging over time-ordered lists of posts. Every post list (a user's posts, a hashtag, a
 * timeline) is ordered by {@code (post_time DESC, post_id DESC)}: the id ends the
 * clustering key so that two posts of one millisecond never overwrite each other, and a
 * page continues strictly after the last
 * {@link dev.querydriven.socialfeed.paging.TimelinePosition} it returned. Cursors are
 * signed by the shared {@link dev.querydriven.servicesupport.web.CursorCodec}, scoped to
 * the list they were issued for.
 */
package dev.querydriven.socialfeed.paging;
