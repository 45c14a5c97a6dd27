package dev.querydriven.servicesupport.web;

/**
 * Input that passed bean validation but breaks a rule checked in code (following oneself,
 * a range wider than allowed, a forged cursor): answered with 400 naming the field.
 */
public class InvalidRequestException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	private final String field;

	/**
	 * @param field the offending field or parameter, as the client named it
	 * @param message what is wrong with it
	 */
	public InvalidRequestException(String field, String message) {
		super(message);
		this.field = field;
	}

	public String getField() {
		return this.field;
	}

}
