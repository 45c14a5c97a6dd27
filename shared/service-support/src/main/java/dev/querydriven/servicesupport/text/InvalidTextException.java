package dev.querydriven.servicesupport.text;

/**
 * A string breaks the {@link TextRules}. An {@link IllegalArgumentException}, so that
 * Spring's parameter binding reports it as a type mismatch of the parameter; the problem
 * handler finds it in the cause chain and shows its message, which never repeats the
 * offending text.
 */
public class InvalidTextException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	/**
	 * @param message what is wrong, e.g. {@code "must not contain control characters"}
	 */
	public InvalidTextException(String message) {
		super(message);
	}

}
