package dev.querydriven.testsupport.hostile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;

/**
 * The parts of an OpenAPI 3 document the suite needs: operations, their parameters and
 * request body schemas, with {@code $ref}s resolved against {@code components.schemas}.
 */
final class ApiDocument {

	private static final List<String> METHODS = List.of("get", "put", "post", "delete", "patch", "head", "options");

	private final JsonNode document;

	private final List<ApiOperation> operations;

	ApiDocument(JsonNode document) {
		this.document = document;
		this.operations = readOperations();
	}

	List<ApiOperation> operations() {
		return this.operations;
	}

	private List<ApiOperation> readOperations() {
		List<ApiOperation> result = new ArrayList<>();
		for (Map.Entry<String, JsonNode> path : this.document.path("paths").properties()) {
			for (String method : METHODS) {
				JsonNode operation = path.getValue().get(method);
				if (operation == null) {
					continue;
				}
				List<ApiParameter> parameters = new ArrayList<>();
				for (JsonNode parameter : operation.path("parameters")) {
					JsonNode resolved = resolve(parameter);
					parameters.add(new ApiParameter(resolved.path("name").asString(), resolved.path("in").asString(),
							resolved.path("required").asBoolean(false), resolve(resolved.path("schema"))));
				}
				JsonNode requestBody = resolve(operation.path("requestBody"));
				JsonNode body = requestBody.path("content").path("application/json").get("schema");
				boolean respondsWithContent = false;
				for (Map.Entry<String, JsonNode> response : operation.path("responses").properties()) {
					if (response.getKey().startsWith("2") && !response.getValue().path("content").isEmpty()) {
						respondsWithContent = true;
					}
				}
				JsonNode access = operation.get("x-access");
				result.add(new ApiOperation(method.toUpperCase(Locale.ROOT), path.getKey(), parameters, body,
						requestBody.path("required").asBoolean(false), respondsWithContent,
						(access != null && access.isString()) ? access.asString() : null));
			}
		}
		return result;
	}

	/**
	 * Follows {@code $ref}s to the schema (or parameter, or body) they point at.
	 * @param node a node that may be a reference
	 * @return the referenced node, or the node itself
	 */
	JsonNode resolve(JsonNode node) {
		JsonNode current = (node != null) ? node : MissingNode.getInstance();
		for (int hops = 0; hops < 10 && current.has("$ref"); hops++) {
			String ref = current.get("$ref").asString();
			if (!ref.startsWith("#/")) {
				throw new IllegalStateException("Only local references are supported: " + ref);
			}
			JsonNode target = this.document;
			for (String part : ref.substring(2).split("/")) {
				target = target.path(part.replace("~1", "/").replace("~0", "~"));
			}
			current = target;
		}
		return current;
	}

	/**
	 * The schema's type, also when OpenAPI 3.1 gives a list such as
	 * {@code ["string", "null"]}.
	 * @param schema a resolved schema
	 * @return {@code string}, {@code integer}, {@code number}, {@code boolean},
	 * {@code array}, {@code object}, or {@code ""} when unknown
	 */
	static String type(JsonNode schema) {
		JsonNode type = schema.path("type");
		if (type.isArray()) {
			for (JsonNode element : type) {
				if (!"null".equals(element.asString())) {
					return element.asString();
				}
			}
			return "";
		}
		if (type.isString()) {
			return type.asString();
		}
		if (schema.has("properties")) {
			return "object";
		}
		if (schema.has("items")) {
			return "array";
		}
		return "";
	}

}
