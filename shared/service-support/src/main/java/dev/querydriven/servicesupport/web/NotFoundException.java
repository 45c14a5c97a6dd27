package dev.querydriven.servicesupport.web;

/**
 * A requested resource does not exist: answered with 404.
 */
public class NotFoundException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	/**
	 * @param message what was not found, e.g. {@code "No user 6f0c..."}
	 */
	public NotFoundException(String message) {
		super(message);
	}

}
