package dev.querydriven.writeintents;

import dev.querydriven.servicesupport.web.NothingWritten;

/**
 * A change whose durable record could not be written, so it did not begin: nothing of it
 * was written. Safe to retry; its cause says why the record failed.
 */
public class ChangeNotStartedException extends RuntimeException implements NothingWritten {

	private static final long serialVersionUID = 1L;

	ChangeNotStartedException(WriteIntent intent, Throwable cause) {
		super("The " + intent.kind() + " change could not be recorded before it began, so nothing was written (" + cause
				+ ")", cause);
	}

}
