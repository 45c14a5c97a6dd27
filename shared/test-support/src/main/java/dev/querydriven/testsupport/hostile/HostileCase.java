package dev.querydriven.testsupport.hostile;

import java.util.function.Function;

/**
 * One hostile request: what it changes, what it must get, and how it is built (when it
 * runs, so that it can use what earlier requests returned, such as a page cursor).
 *
 * @param operation the operation, e.g. {@code GET /users/{userId}/posts}
 * @param target the parameter, body member (JSON pointer) or {@code body} it changes
 * @param mutation what it does to it
 * @param expectation what the answer must be
 * @param request builds the request
 */
record HostileCase(String operation, String target, String mutation, Expectation expectation,
		Function<RunState, RawRequest> request) {

	String displayName() {
		return this.target + ": " + this.mutation + " → " + this.expectation.describe();
	}

}
