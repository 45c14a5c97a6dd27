package dev.querydriven.socialfeed.post;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How post lists are paged ({@code querydriven.social-feed.post.*}).
 *
 * @param maxBucketsPerPage the most bucket partitions one page of a user's posts (months)
 * or of a hashtag's posts (days) reads. A walk back to the month a user registered grows
 * with the account's age, and a tag's days include days whose posts were deleted; a page
 * that reads this many buckets without filling up answers with what it found and a
 * cursor, and the client's next request goes on from the next bucket. 12 lets a page
 * cover a quiet year in one request
 */
@ConfigurationProperties("querydriven.social-feed.post")
public record PostProperties(@DefaultValue("12") int maxBucketsPerPage) {

	public PostProperties {
		if (maxBucketsPerPage < 1 || maxBucketsPerPage > 1_000) {
			throw new IllegalArgumentException(
					"querydriven.social-feed.post.max-buckets-per-page must be between 1 and 1000");
		}
	}

}
