package dev.querydriven.modelcheck.catalog;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How many partitions one HTTP request of a route may read: the data-distribution
 * practice's third goal ("minimise the partitions read") applied to a request rather than
 * to a statement. A page that walks 31 daily buckets runs 31 statements that each pass
 * the one-partition check; only counting per request shows the cost the client pays.
 * <p>
 * A partition counts once per request however often it is read (a retry of a lightweight
 * transaction reads the same partition again), and a lightweight transaction's condition
 * counts as a read of its partition: Paxos reads it on the replicas before it writes.
 *
 * @param route the route as Spring matches it: the HTTP method and the path pattern, e.g.
 * {@code GET /users/{userId}/timeline}
 * @param budget the design's ceiling: the most partitions the model accepts for one
 * request of the route
 * @param worstCase the most partitions one request can read as the code is written: the
 * largest page, the longest range, every bucket a walk may visit, every retry; derived
 * from the same constants the code uses wherever possible, so that it cannot drift. Where
 * the count grows with the data (one read per open order, one per month since a user
 * registered), the worst case at the data volume stated in {@code why}
 * @param why where the worst case comes from, e.g. "the user, then up to 31 day buckets
 * (30-day retention)"
 */
public record RouteBudget(String route, int budget, int worstCase, String why) {

	private static final Pattern ROUTE = Pattern.compile("(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) /\\S*");

	public RouteBudget {
		Objects.requireNonNull(route, "route");
		Objects.requireNonNull(why, "why");
		if (!ROUTE.matcher(route).matches()) {
			throw new IllegalArgumentException(
					"A route is an HTTP method and a path pattern, e.g. GET /orders/{orderId}, not '" + route + "'");
		}
		if (budget < 0 || worstCase < 0) {
			throw new IllegalArgumentException("The budget and the worst case of " + route
					+ " count partitions and cannot be negative (" + budget + ", " + worstCase + ")");
		}
	}

	/**
	 * Whether the code stays within the design's ceiling.
	 * @return {@code true} when the worst case is at most the budget
	 */
	public boolean withinBudget() {
		return this.worstCase <= this.budget;
	}

}
