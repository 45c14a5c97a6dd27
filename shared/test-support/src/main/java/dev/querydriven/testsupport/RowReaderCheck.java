package dev.querydriven.testsupport;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;

import org.springframework.data.cassandra.core.convert.CassandraConverter;
import org.springframework.data.cassandra.core.convert.CassandraCustomConversions;
import org.springframework.data.cassandra.core.convert.MappingCassandraConverter;
import org.springframework.data.cassandra.core.mapping.CassandraPersistentEntity;

/**
 * Holds each hand-written row reader (a {@code @ReadingConverter} from {@code Row} to an
 * entity, declared where Spring Data's generic mapping was measured too slow for a hot
 * read) to what Spring Data's own mapping reads from the same rows. A reader names every
 * column a second time; this check is what keeps the two from drifting apart.
 */
public final class RowReaderCheck {

	private static final int ROWS = 200;

	private RowReaderCheck() {
	}

	/**
	 * Checks every entity that has a row reader: reads up to 200 live rows of its table
	 * twice, with the service's converter (which uses the reader) and with Spring Data's
	 * generic mapping, and compares the entities.
	 * @param converter the service's converter
	 * @param session a session on the service's keyspace
	 * @return the differences, empty when every reader reads what Spring Data reads
	 */
	public static List<String> mismatches(CassandraConverter converter, CqlSession session) {
		List<String> problems = new ArrayList<>();
		MappingCassandraConverter generic = new MappingCassandraConverter(converter.getMappingContext());
		generic.setCustomConversions(new CassandraCustomConversions(List.of()));
		generic.setCodecRegistry(converter.getCodecRegistry());
		if (converter instanceof MappingCassandraConverter mapping) {
			generic.setUserTypeResolver(mapping.getUserTypeResolver());
		}
		generic.afterPropertiesSet();
		List<CassandraPersistentEntity<?>> withReaders = converter.getMappingContext()
			.getPersistentEntities()
			.stream()
			.filter((entity) -> !entity.isUserDefinedType())
			.filter((entity) -> converter.getCustomConversions().hasCustomReadTarget(Row.class, entity.getType()))
			.sorted(Comparator.comparing((entity) -> entity.getType().getName()))
			.collect(Collectors.toList());
		if (withReaders.isEmpty()) {
			problems.add("no entity has a row reader");
		}
		for (CassandraPersistentEntity<?> entity : withReaders) {
			Class<?> type = entity.getType();
			// Test code: the table name comes from the entity's mapping, never from
			// input.
			List<Row> rows = session
				.execute(SimpleStatement
					.newInstance("SELECT * FROM " + entity.getTableName().asCql(true) + " LIMIT " + ROWS))
				.all();
			if (rows.isEmpty()) {
				problems.add(type.getSimpleName() + ": its table holds no row to compare; write some first");
			}
			for (Row row : rows) {
				Object read = converter.read(type, row);
				Object expected = generic.read(type, row);
				if (!Objects.equals(read, expected)) {
					problems.add(type.getSimpleName() + ": the reader read " + read + " where Spring Data reads "
							+ expected);
				}
			}
		}
		return problems;
	}

}
