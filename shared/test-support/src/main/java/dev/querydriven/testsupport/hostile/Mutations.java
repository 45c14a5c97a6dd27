package dev.querydriven.testsupport.hostile;

/**
 * The names of the mutations a service may declare a leniency for
 * ({@link HostileInput.Builder#lenient}).
 */
public final class Mutations {

	/** The body is an array holding the valid object. */
	public static final String ARRAY_FOR_OBJECT = "an array for the object";

	/** A number member is sent as a JSON string holding a number. */
	public static final String NUMERIC_STRING = "a number as a string";

	/** An optional member is null. */
	public static final String NULL = "null";

	/** An optional member is left out. */
	public static final String MISSING = "missing";

	private Mutations() {
	}

}
