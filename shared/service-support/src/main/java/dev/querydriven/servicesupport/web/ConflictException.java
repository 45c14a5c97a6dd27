package dev.querydriven.servicesupport.web;

/**
 * The request conflicts with the current state (a taken username, a lost race, an illegal
 * transition): answered with 409, nothing changed.
 */
public class ConflictException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	/**
	 * @param message what conflicts
	 */
	public ConflictException(String message) {
		super(message);
	}

}
