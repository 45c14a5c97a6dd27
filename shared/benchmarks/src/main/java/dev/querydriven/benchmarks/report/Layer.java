package dev.querydriven.benchmarks.report;

/**
 * Where a request enters the stack.
 */
public enum Layer {

	/**
	 * The raw driver inserting an ingestion's rows one statement each: the baseline of
	 * ingestion.
	 */
	RAW_ROWS("driver, one row per insert"),

	/** The raw driver replaying the statements the service executes for the request. */
	DRIVER("raw driver"),

	/**
	 * The raw driver replaying the same statements without the intent's insert before the
	 * source: the baseline against which the intents' cost is given.
	 */
	DRIVER_WITHOUT_INTENTS("raw driver without intents"),

	/** The service's own {@code *Service} method, called in-process, no HTTP. */
	SERVICE("service layer"),

	/** The HTTP endpoint, under Gatling, the service in its own JVM. */
	HTTP("HTTP"),

	/**
	 * The same HTTP request served by a lean WebFlux peer in its own JVM: a functional
	 * endpoint, the driver running the same statements, Jackson, nothing of this project.
	 * What HTTP costs beyond it is what the project adds.
	 */
	LEAN_PEER("lean peer");

	private final String title;

	Layer(String title) {
		this.title = title;
	}

	/**
	 * How the summary names the layer.
	 * @return the title
	 */
	public String title() {
		return this.title;
	}

}
