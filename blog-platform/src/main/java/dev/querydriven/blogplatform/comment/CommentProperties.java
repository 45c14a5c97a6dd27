package dev.querydriven.blogplatform.comment;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Comment settings ({@code querydriven.blog-platform.comment.*}).
 *
 * @param maxPerPost the most comments a post takes: the bound that keeps the unbucketed
 * {@code comments_by_post} partition small (4,000 comments of at most 2,000 characters: ≈
 * 8.5 MB in ASCII, 33 MB if every character took 4 bytes in UTF-8)
 */
@ConfigurationProperties("querydriven.blog-platform.comment")
record CommentProperties(@DefaultValue("4000") int maxPerPost) {

	CommentProperties {
		if (maxPerPost < 1) {
			throw new IllegalArgumentException("querydriven.blog-platform.comment.max-per-post must be at least 1");
		}
	}

}
