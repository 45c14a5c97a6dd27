package dev.querydriven.servicesupport.web;

/**
 * A well-formed request the service cannot carry out as sent (an {@code Idempotency-Key}
 * reused with another request): answered with 422 naming the field.
 */
public class UnprocessableRequestException extends InvalidRequestException {

	private static final long serialVersionUID = 1L;

	/**
	 * A parameter (query, path, header) or a rule about the request as a whole.
	 * @param field the offending parameter, as the client named it
	 * @param message what is wrong with it
	 */
	public UnprocessableRequestException(String field, String message) {
		super(field, message);
	}

}
