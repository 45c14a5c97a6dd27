package dev.querydriven.modeling.dualwrite;

/**
 * A change's one write landed, and the work after it (a fan-out, a rollup, a counter)
 * failed: the source and the copies in the write are there, the rest is not. A caller
 * that must not leave a source without the work after it knows from this exception that
 * the write happened (and with which timestamp), so it can finish or undo it; its cause
 * is the failure itself.
 */
public class AfterWriteException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	private final long timestampMicros;

	AfterWriteException(String description, long timestampMicros, Throwable cause) {
		super("The work after '" + description + "' failed: " + cause, cause);
		this.timestampMicros = timestampMicros;
	}

	/**
	 * The timestamp the landed write carried.
	 * @return microseconds since the epoch
	 */
	public long timestampMicros() {
		return this.timestampMicros;
	}

}
