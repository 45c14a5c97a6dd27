package dev.querydriven.benchmarks.api;

import tools.jackson.databind.json.JsonMapper;

/**
 * One HTTP request of a workload.
 *
 * @param path the path and query, e.g. {@code /users/42/timeline?limit=20}
 * @param body the JSON body, or {@code null}
 */
public record HttpCall(String path, String body) {

	private static final JsonMapper json = JsonMapper.builder().build();

	/**
	 * A request without a body.
	 * @param path the path
	 * @return the call
	 */
	public static HttpCall get(String path) {
		return new HttpCall(path, null);
	}

	/**
	 * A request with a JSON body.
	 * @param path the path
	 * @param body the body, written as JSON
	 * @return the call
	 */
	public static HttpCall json(String path, Object body) {
		return new HttpCall(path, json.writeValueAsString(body));
	}

}
