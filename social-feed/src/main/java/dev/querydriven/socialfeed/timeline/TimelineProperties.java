package dev.querydriven.socialfeed.timeline;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How timelines are filled and bounded ({@code querydriven.social-feed.timeline.*}).
 *
 * @param fanOutThreshold an author with at least this many followers is no longer fanned
 * out: their posts are merged into their followers' timelines at read time
 * @param fanOutConcurrency the most timeline writes of one fan-out in flight at once
 * @param retention how far back a timeline reaches: entries are written with this TTL and
 * reads never look further back
 * @param promotionOverlap how far before the moment an author stops being fanned out
 * their followers start pulling their posts, so that a post published during the switch
 * is never missed (it may be both fanned out and pulled; the merge drops the duplicate)
 * @param maxPulledAuthors the most high-fanout authors merged into one page at read time.
 * Each one costs every page up to three partitions of their posts, so without a cap a
 * reader following many popular accounts would make every page read hundreds of
 * partitions. A reader who follows more sees the posts of this many of them: the first in
 * the table's clustering order (author id), the same ones on every page, so paging stays
 * consistent; the metric {@code querydriven.socialfeed.timeline.capped-pages} counts the
 * pages that left some out.
 */
@ConfigurationProperties("querydriven.social-feed.timeline")
public record TimelineProperties(@DefaultValue("100") int fanOutThreshold, @DefaultValue("32") int fanOutConcurrency,
		@DefaultValue("30d") Duration retention, @DefaultValue("1m") Duration promotionOverlap,
		@DefaultValue("100") int maxPulledAuthors) {

	public TimelineProperties {
		if (fanOutThreshold < 1) {
			throw new IllegalArgumentException("querydriven.social-feed.timeline.fan-out-threshold must be at least 1");
		}
		if (fanOutConcurrency < 1) {
			throw new IllegalArgumentException(
					"querydriven.social-feed.timeline.fan-out-concurrency must be at least 1");
		}
		if (retention.compareTo(Duration.ofDays(1)) < 0 || retention.compareTo(Duration.ofDays(365)) > 0) {
			throw new IllegalArgumentException(
					"querydriven.social-feed.timeline.retention must be between 1 and 365 days");
		}
		if (promotionOverlap.isNegative()) {
			throw new IllegalArgumentException(
					"querydriven.social-feed.timeline.promotion-overlap must not be negative");
		}
		if (maxPulledAuthors < 1 || maxPulledAuthors > 1_000) {
			throw new IllegalArgumentException(
					"querydriven.social-feed.timeline.max-pulled-authors must be between 1 and 1000");
		}
	}

}
