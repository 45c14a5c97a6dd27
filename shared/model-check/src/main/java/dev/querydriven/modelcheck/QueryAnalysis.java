package dev.querydriven.modelcheck;

import java.util.List;

import dev.querydriven.modelcheck.catalog.AccessPattern;

/**
 * What the check found out about one catalogued query.
 *
 * @param pattern the catalogued query
 * @param statement the kind of statement ({@code SELECT}, {@code INSERT}, ...)
 * @param partitions how many partitions it touches, e.g. {@code 1}, {@code up to 3 (IN)},
 * {@code every partition}
 * @param order the order rows come back in, or empty when it returns one row or writes
 * @param evidence how the partition count was established (driver metadata or parsed
 * structure)
 * @param tests the tests carrying the query's id
 * @param code the application code carrying the query's id
 */
public record QueryAnalysis(AccessPattern pattern, String statement, String partitions, String order, String evidence,
		List<String> tests, List<String> code) {

	public QueryAnalysis {
		tests = List.copyOf(tests);
		code = List.copyOf(code);
	}

}
