package dev.querydriven.testsupport.hostile;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the answer to a hostile case must be.
 *
 * @param phase whether the case must be refused, may be accepted, or must be accepted (a
 * documented leniency)
 * @param statuses the acceptable statuses of a refusal
 * @param names what must be named: an entry of {@code errors} whose {@code field} or
 * {@code pointer} is one of these; empty when the refusal concerns the request line (an
 * unknown route, a method)
 * @param lineAndColumn whether the error must say where parsing stopped
 * @param framingLimit whether the HTTP server may refuse the request before the
 * application sees it (a request line or headers beyond its limits), with a bare 414 or
 * 431
 */
record Expectation(Phase phase, Set<Integer> statuses, Set<String> names, boolean lineAndColumn, boolean framingLimit) {

	/** When a case runs and what it must get. */
	enum Phase {

		/** Runs with the valid requests, before the first snapshot: a 2xx is required. */
		ACCEPTED,

		/**
		 * Runs with the valid requests: the answer may be a 2xx (the value is odd but
		 * legitimate, e.g. a quote in a free-text field) or a 4xx problem, never a 5xx.
		 */
		MAY_BE_ACCEPTED,

		/** Runs after the first snapshot: a 4xx problem naming the offending part. */
		REFUSED

	}

	static Expectation refused(int status, String... names) {
		return new Expectation(Phase.REFUSED, Set.of(status), new LinkedHashSet<>(List.of(names)), false, false);
	}

	static Expectation refused(Set<Integer> statuses, String... names) {
		return new Expectation(Phase.REFUSED, statuses, new LinkedHashSet<>(List.of(names)), false, false);
	}

	static Expectation mayBeAccepted() {
		return new Expectation(Phase.MAY_BE_ACCEPTED, Set.of(), Set.of(), false, false);
	}

	static Expectation accepted() {
		return new Expectation(Phase.ACCEPTED, Set.of(), Set.of(), false, false);
	}

	Expectation withLineAndColumn() {
		return new Expectation(this.phase, this.statuses, this.names, true, this.framingLimit);
	}

	Expectation orFramingLimit() {
		return new Expectation(this.phase, this.statuses, this.names, this.lineAndColumn, true);
	}

	String describe() {
		return switch (this.phase) {
			case ACCEPTED -> "accepted (documented leniency)";
			case MAY_BE_ACCEPTED -> "2xx or a 4xx problem";
			case REFUSED ->
				this.statuses + ((this.names.isEmpty()) ? "" : " naming " + String.join(" or ", this.names));
		};
	}

}
