package dev.querydriven.iotsensors.reading;

import com.datastax.oss.driver.api.core.cql.Row;

import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.stereotype.Component;

/**
 * Reads a {@code sensor_data} row with one typed getter per column, in place of Spring
 * Data's generic mapping, which costs more per row on a sensor's latest readings, the
 * service's hottest read (the service README, "What it costs, measured"). The template
 * uses it for every read of {@link SensorDataRow}; the queries stay entity queries.
 * {@code RowReaderCheck} holds it to what Spring Data reads.
 */
@Component
@ReadingConverter
class SensorDataRowReader implements Converter<Row, SensorDataRow> {

	@Override
	public SensorDataRow convert(Row row) {
		return new SensorDataRow(row.getUuid("sensor_id"), row.getLocalDate("date"), row.getInt("hour"),
				row.getInstant("reading_time"), row.getDouble("temperature"), row.getDouble("humidity"),
				row.getInt("battery_level"));
	}

}
