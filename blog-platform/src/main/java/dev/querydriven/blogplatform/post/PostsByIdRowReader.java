package dev.querydriven.blogplatform.post;

import com.datastax.oss.driver.api.core.cql.Row;

import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.stereotype.Component;

/**
 * Reads a {@code posts_by_id} row with one typed getter per column, in place of Spring
 * Data's generic mapping, which costs more per row on reading a post, the service's
 * hottest read (every view reads it too; the service README, "What it costs, measured").
 * The template uses it for every read of {@link PostsByIdRow}; the queries stay entity
 * queries. {@code RowReaderCheck} holds it to what Spring Data reads.
 */
@Component
@ReadingConverter
class PostsByIdRowReader implements Converter<Row, PostsByIdRow> {

	@Override
	public PostsByIdRow convert(Row row) {
		return new PostsByIdRow(row.getUuid("post_id"), row.getUuid("author_id"), row.getString("title"),
				row.getString("body"), row.getString("category"), row.getString("previous_category"),
				row.getInstant("created_at"), row.getInt("version"), row.getLong("write_time"),
				row.getBoolean("deleted"));
	}

}
