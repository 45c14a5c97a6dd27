package dev.querydriven.processtests.faults;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.datastax.oss.driver.api.core.cql.Row;

/**
 * The rows one acknowledged write promised, read back one by one by their full primary
 * key: each one absent, or present but not as promised (a copy that disagrees with its
 * source), is noted.
 */
final class RowChecks {

	private static final Pattern TABLE = Pattern.compile("FROM (\\S+) WHERE");

	private final Reads reads;

	private final List<String> missing = new ArrayList<>();

	RowChecks(Reads reads) {
		this.reads = reads;
	}

	/**
	 * A row that must be there.
	 * @param cql a query by the row's primary key
	 * @param values its bound values
	 * @return the row, or {@code null} (noted missing)
	 */
	Row expect(String cql, Object... values) {
		return expect((row) -> true, cql, values);
	}

	/**
	 * A row that must be there and meet a condition.
	 * @param condition what it must meet, e.g. the status of its source
	 * @param cql a query by the row's primary key
	 * @param values its bound values
	 * @return the row, met or not (noted missing unless met), or {@code null}
	 */
	Row expect(Predicate<Row> condition, String cql, Object... values) {
		Row row = this.reads.one(cql, values);
		if (row == null || !condition.test(row)) {
			this.missing.add(table(cql) + ((row != null) ? " (not as promised) " : " ") + Arrays.toString(values));
		}
		return row;
	}

	/**
	 * What was not found as promised.
	 * @return one entry per row, empty when every row was
	 */
	List<String> missing() {
		return List.copyOf(this.missing);
	}

	private static String table(String cql) {
		Matcher table = TABLE.matcher(cql);
		return table.find() ? table.group(1) : cql;
	}

	/** Where the rows are read. */
	interface Reads {

		/**
		 * The one row a query by a full primary key finds.
		 * @param cql the query
		 * @param values its bound values
		 * @return the row, or {@code null}
		 */
		Row one(String cql, Object... values);

	}

}
