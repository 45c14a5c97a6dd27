package dev.querydriven.testsupport.hostile;

import java.util.List;

import tools.jackson.databind.JsonNode;

/**
 * One operation of an OpenAPI document.
 *
 * @param method the HTTP method, upper case
 * @param path the path template, e.g. {@code /users/{userId}/posts}
 * @param parameters the path, query and header parameters
 * @param body the JSON schema of the request body, {@code $ref}s resolved lazily by
 * {@link ApiDocument#resolve(JsonNode)}, or {@code null} for none
 * @param bodyRequired whether the document requires a body
 * @param respondsWithContent whether a 2xx answer of the operation has a body
 * @param access who may call it ({@code x-access}), or {@code null} when the document
 * does not say
 */
record ApiOperation(String method, String path, List<ApiParameter> parameters, JsonNode body, boolean bodyRequired,
		boolean respondsWithContent, String access) {

	/**
	 * Whether anyone may call the operation, without a token.
	 * @return whether its rule is {@code public}
	 */
	boolean isPublic() {
		return "public".equals(this.access);
	}

	/**
	 * How tests name the operation.
	 * @return e.g. {@code POST /users/{userId}/posts}
	 */
	String key() {
		return this.method + " " + this.path;
	}

	/**
	 * A parameter by name.
	 * @param name the name
	 * @return the parameter, or {@code null}
	 */
	ApiParameter parameter(String name) {
		return this.parameters.stream().filter((parameter) -> parameter.name().equals(name)).findFirst().orElse(null);
	}

}
