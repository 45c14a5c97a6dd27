package dev.querydriven.testsupport.hostile;

import tools.jackson.databind.JsonNode;

/**
 * One parameter of an operation.
 *
 * @param name its name
 * @param in {@code path}, {@code query} or {@code header}
 * @param required whether the document requires it
 * @param schema its schema
 */
record ApiParameter(String name, String in, boolean required, JsonNode schema) {

	boolean inPath() {
		return "path".equals(this.in);
	}

	boolean inQuery() {
		return "query".equals(this.in);
	}

	boolean inHeader() {
		return "header".equals(this.in);
	}

}
