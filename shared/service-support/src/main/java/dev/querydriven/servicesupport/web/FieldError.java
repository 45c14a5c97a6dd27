package dev.querydriven.servicesupport.web;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One invalid part of a request, as listed in a problem's {@code errors} property.
 *
 * @param field the parameter (query, path or header) as the client named it, the member
 * of the body in dotted form ({@code items[0].quantity}), or {@code body} for the body as
 * a whole
 * @param message what is wrong (never the offending value itself, beyond a short, escaped
 * quote)
 * @param pointer for a member of the JSON body, its RFC 6901 JSON pointer as a URI
 * fragment, as RFC 9457 suggests ({@code #/items/0/quantity}); {@code #} for the body
 * itself; absent for parameters
 * @param line for a body that does not parse, the line where parsing stopped
 * @param column for a body that does not parse, the column where parsing stopped
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FieldError(String field, String message, String pointer, Integer line, Integer column) {

	/**
	 * A parameter, or a field with no place in the body.
	 * @param field the name
	 * @param message what is wrong
	 */
	public FieldError(String field, String message) {
		this(field, message, null, null, null);
	}

	/**
	 * A member of the JSON body.
	 * @param path the member in dotted form, e.g. {@code items[0].quantity}
	 * @param message what is wrong
	 * @return the error, with the member's JSON pointer
	 */
	public static FieldError bodyMember(String path, String message) {
		return new FieldError(path.isEmpty() ? "body" : path, message, JsonPointers.fromPath(path), null, null);
	}

}
