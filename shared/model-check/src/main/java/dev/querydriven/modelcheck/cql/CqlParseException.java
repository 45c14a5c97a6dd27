package dev.querydriven.modelcheck.cql;

/**
 * The text is not CQL the model check can read.
 */
public class CqlParseException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	/**
	 * @param message what is wrong, and where
	 */
	public CqlParseException(String message) {
		super(message);
	}

}
