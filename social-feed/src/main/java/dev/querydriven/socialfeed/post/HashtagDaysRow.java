package dev.querydriven.socialfeed.post;

import java.time.LocalDate;

import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q10: a row of {@code hashtag_days}, one partition per tag, newest day first: a day on
 * which the tag was used, i.e. a non-empty bucket of {@code posts_by_hashtag}. A table of
 * key columns only.
 *
 * @param hashtag the tag
 * @param day the UTC day
 */
@Table("hashtag_days")
record HashtagDaysRow(@PrimaryKeyColumn(name = "hashtag", ordinal = 0, type = PARTITIONED) String hashtag,
		@PrimaryKeyColumn(name = "day", ordinal = 1, type = CLUSTERED, ordering = Ordering.DESCENDING) LocalDate day) {

}
