package dev.querydriven.blogplatform.category;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How category pages are read ({@code querydriven.blog-platform.category.*}).
 *
 * @param maxBucketsPerPage the most month partitions of {@code posts_by_category} one
 * page of a category reads. The walk follows the category's month index, which keeps the
 * months whose posts were all moved or deleted (they are read empty), and a quiet
 * category's page walks back through many months; a page that reads this many months
 * without filling up answers with what it found and a cursor, and the client's next
 * request goes on from the next month. 12 lets a page cover a quiet year in one request
 */
@ConfigurationProperties("querydriven.blog-platform.category")
public record CategoryProperties(@DefaultValue("12") int maxBucketsPerPage) {

	public CategoryProperties {
		if (maxBucketsPerPage < 1 || maxBucketsPerPage > 1_000) {
			throw new IllegalArgumentException(
					"querydriven.blog-platform.category.max-buckets-per-page must be between 1 and " + "1000");
		}
	}

}
