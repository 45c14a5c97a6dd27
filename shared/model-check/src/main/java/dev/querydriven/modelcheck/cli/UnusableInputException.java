package dev.querydriven.modelcheck.cli;

/**
 * The input cannot be judged: the node refuses a statement, or a file names what does not
 * exist. The message says which file and line, and why.
 */
final class UnusableInputException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	UnusableInputException(String message) {
		super(message);
	}

}
