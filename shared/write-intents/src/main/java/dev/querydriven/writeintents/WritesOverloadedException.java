package dev.querydriven.writeintents;

import dev.querydriven.servicesupport.web.NothingWritten;

/**
 * A change refused before anything was written: too many changes in flight, or the
 * service stopping. Safe to retry after a pause.
 */
public class WritesOverloadedException extends RuntimeException implements NothingWritten {

	private static final long serialVersionUID = 1L;

	WritesOverloadedException(String message) {
		super(message);
	}

}
