package dev.querydriven.embeddedcassandra;

import java.util.List;

/**
 * A node did not start. The message carries the tail of the node's log, which says why.
 */
public class CassandraStartupException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	CassandraStartupException(String message, List<String> logTail, Throwable cause) {
		super(message
				+ (logTail.isEmpty() ? "" : "\n--- last lines of the node's log ---\n" + String.join("\n", logTail)),
				cause);
	}

}
