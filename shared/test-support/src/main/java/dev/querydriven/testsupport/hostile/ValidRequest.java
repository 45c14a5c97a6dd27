package dev.querydriven.testsupport.hostile;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A request that an operation accepts: the starting point that each hostile case changes
 * in exactly one place. Values are given as the client means them (not URL-encoded); the
 * suite encodes them.
 */
public final class ValidRequest {

	final Map<String, String> path = new LinkedHashMap<>();

	final Map<String, String> query = new LinkedHashMap<>();

	final Map<String, String> headers = new LinkedHashMap<>();

	String body;

	int expectedStatus;

	private ValidRequest() {
	}

	/**
	 * A request with nothing set yet.
	 * @return the request
	 */
	public static ValidRequest request() {
		return new ValidRequest();
	}

	/**
	 * Sets a path variable.
	 * @param name the variable of the path template
	 * @param value its value
	 * @return this request
	 */
	public ValidRequest path(String name, Object value) {
		this.path.put(name, String.valueOf(value));
		return this;
	}

	/**
	 * Sets a query parameter.
	 * @param name the parameter
	 * @param value its value
	 * @return this request
	 */
	public ValidRequest query(String name, Object value) {
		this.query.put(name, String.valueOf(value));
		return this;
	}

	/**
	 * Sets a header.
	 * @param name the header
	 * @param value its value
	 * @return this request
	 */
	public ValidRequest header(String name, String value) {
		this.headers.put(name, value);
		return this;
	}

	/**
	 * Sets the JSON body.
	 * @param json the body
	 * @return this request
	 */
	public ValidRequest body(String json) {
		this.body = json;
		return this;
	}

	/**
	 * Expects a particular status rather than any 2xx, for an operation whose valid
	 * request is refused by design (a state transition that is not allowed right now,
	 * answered 409, still makes every hostile variant of it a 400).
	 * @param status the status
	 * @return this request
	 */
	public ValidRequest expectStatus(int status) {
		this.expectedStatus = status;
		return this;
	}

}
