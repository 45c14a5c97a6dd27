package dev.querydriven.benchmarks.api;

import java.util.List;
import java.util.UUID;

import tools.jackson.databind.json.JsonMapper;

/**
 * One HTTP request of a workload, and who sends it.
 *
 * @param path the path and query, e.g. {@code /users/42/timeline?limit=20}
 * @param body the JSON body, or {@code null}
 * @param caller whose bearer token it carries, or {@code null} for a public route
 */
public record HttpCall(String path, String body, Caller caller) {

	private static final JsonMapper json = JsonMapper.builder().build();

	/**
	 * The claims of a caller's token, which the suite signs with the key the service
	 * under test trusts.
	 *
	 * @param subject the token's subject: a user's id, or a device's
	 * @param roles its roles
	 * @param scope its scopes, separated by spaces, or {@code null}
	 */
	public record Caller(String subject, List<String> roles, String scope) {

		public Caller {
			roles = List.copyOf(roles);
		}

	}

	/**
	 * This request, sent as a user.
	 * @param user the user, the token's subject
	 * @param roles the user's roles
	 * @return the call
	 */
	public HttpCall as(UUID user, String... roles) {
		return new HttpCall(this.path, this.body, new Caller(user.toString(), List.of(roles), null));
	}

	/**
	 * This request, sent by a device or a tool whose token grants a scope.
	 * @param subject the token's subject
	 * @param scope the scope
	 * @return the call
	 */
	public HttpCall withScope(String subject, String scope) {
		return new HttpCall(this.path, this.body, new Caller(subject, List.of(), scope));
	}

	/**
	 * A request without a body.
	 * @param path the path
	 * @return the call
	 */
	public static HttpCall get(String path) {
		return new HttpCall(path, null, null);
	}

	/**
	 * A request with a JSON body.
	 * @param path the path
	 * @param body the body, written as JSON
	 * @return the call
	 */
	public static HttpCall json(String path, Object body) {
		return new HttpCall(path, json.writeValueAsString(body), null);
	}

}
