package dev.querydriven.socialfeed.timeline;

import com.datastax.oss.driver.api.core.cql.Row;

import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.stereotype.Component;

/**
 * Reads a {@code user_timeline} row with one typed getter per column, in place of Spring
 * Data's generic mapping, which costs more per row on the home timeline, the service's
 * hottest read (20 rows per page, several pages per request; the service README, "What it
 * costs, measured"). The template uses it for every read of {@link UserTimelineRow}; the
 * queries stay entity queries. {@code RowReaderCheck} holds it to what Spring Data reads.
 */
@Component
@ReadingConverter
class UserTimelineRowReader implements Converter<Row, UserTimelineRow> {

	@Override
	public UserTimelineRow convert(Row row) {
		return new UserTimelineRow(row.getUuid("user_id"), row.getLocalDate("day"), row.getInstant("post_time"),
				row.getUuid("post_id"), row.getUuid("author_id"), row.getString("content"),
				row.getSet("hashtags", String.class));
	}

}
