package dev.querydriven.blogplatform.category;

import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q8: a row of {@code category_months}, one partition per category, newest month first: a
 * month in which the category has posts. Only key columns: the bucket index of
 * {@code posts_by_category}.
 *
 * @param category the category
 * @param month a month holding its posts ({@code 2026-05})
 */
@Table("category_months")
record CategoryMonthsRow(@PrimaryKeyColumn(name = "category", ordinal = 0, type = PARTITIONED) String category,
		@PrimaryKeyColumn(name = "month", ordinal = 1, type = CLUSTERED, ordering = Ordering.DESCENDING) String month) {

}
