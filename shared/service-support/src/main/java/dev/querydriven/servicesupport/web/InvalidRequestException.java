package dev.querydriven.servicesupport.web;

/**
 * Input that passed bean validation but breaks a rule checked in code (following oneself,
 * a range wider than allowed, a forged cursor): answered with 400 naming the field.
 */
public class InvalidRequestException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	private final String field;

	private final String pointer;

	/**
	 * A parameter (query, path, header) or a rule about the request as a whole.
	 * @param field the offending parameter, as the client named it
	 * @param message what is wrong with it
	 */
	public InvalidRequestException(String field, String message) {
		this(field, null, message);
	}

	/**
	 * A member of the JSON body.
	 * @param field the member as this API's messages name it, e.g.
	 * {@code readings[3].time}
	 * @param pointer its JSON pointer in the body, e.g. {@code #/3/time} (see
	 * {@link JsonPointers}), or {@code null} for a parameter
	 * @param message what is wrong with it
	 */
	public InvalidRequestException(String field, String pointer, String message) {
		super(message);
		this.field = field;
		this.pointer = pointer;
	}

	/**
	 * A member of the JSON body whose place in the body is its dotted path, as for a
	 * request bound to a record.
	 * @param path the member, e.g. {@code items[0].unitPrice}
	 * @param message what is wrong with it
	 * @return the exception
	 */
	public static InvalidRequestException bodyMember(String path, String message) {
		return new InvalidRequestException(path, JsonPointers.fromPath(path), message);
	}

	public String getField() {
		return this.field;
	}

	/**
	 * The JSON pointer of the offending body member.
	 * @return the pointer, or {@code null} for a parameter
	 */
	public String getPointer() {
		return this.pointer;
	}

	/**
	 * This exception as an entry of a problem's {@code errors}.
	 * @return the error
	 */
	public FieldError toFieldError() {
		return new FieldError(this.field, getMessage(), this.pointer, null, null);
	}

}
