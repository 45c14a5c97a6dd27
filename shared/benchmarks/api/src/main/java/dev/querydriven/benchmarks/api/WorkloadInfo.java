package dev.querydriven.benchmarks.api;

import java.util.Objects;

/**
 * What a workload is, for the runs and the summary.
 *
 * @param id unique in the suite, e.g. {@code social-feed/timeline}
 * @param kind a read, a write, or an ingestion (a write of many rows per request)
 * @param title what a reader of the summary sees, e.g. "home timeline, 20 posts (Q6)"
 * @param method the HTTP method
 * @param rowsPerRequest the rows one request writes (readings of an ingestion batch), 1
 * otherwise
 * @param rowInsert for an ingestion, the start of the statement that writes one row (its
 * {@code INSERT INTO table}): the raw baseline inserts exactly these rows, one statement
 * each; {@code null} otherwise
 * @param hottest whether this is the service's hottest read or write (compared layer by
 * layer, and stepped up to saturation at fixed arrival rates)
 */
public record WorkloadInfo(String id, Kind kind, String title, String method, int rowsPerRequest, String rowInsert,
		boolean hottest) {

	public WorkloadInfo {
		Objects.requireNonNull(id, "id");
		Objects.requireNonNull(kind, "kind");
		Objects.requireNonNull(title, "title");
		Objects.requireNonNull(method, "method");
		if (kind == Kind.INGEST && rowInsert == null) {
			throw new IllegalArgumentException("An ingestion names the statement that inserts one row");
		}
	}

	/**
	 * A read.
	 * @param id the id
	 * @param title the title
	 * @return the description
	 */
	public static WorkloadInfo read(String id, String title) {
		return new WorkloadInfo(id, Kind.READ, title, "GET", 1, null, true);
	}

	/**
	 * A write of one request's rows.
	 * @param id the id
	 * @param title the title
	 * @return the description
	 */
	public static WorkloadInfo write(String id, String title) {
		return new WorkloadInfo(id, Kind.WRITE, title, "POST", 1, null, true);
	}

	/**
	 * An ingestion of {@code rows} rows per request.
	 * @param id the id
	 * @param title the title
	 * @param rows rows per request
	 * @param rowInsert the start of the statement writing one row
	 * @param hottest whether it is the service's hottest write
	 * @return the description
	 */
	public static WorkloadInfo ingest(String id, String title, int rows, String rowInsert, boolean hottest) {
		return new WorkloadInfo(id, Kind.INGEST, title, "POST", rows, rowInsert, hottest);
	}

	/**
	 * The service this workload belongs to.
	 * @return the part of the id before the slash
	 */
	public String service() {
		return this.id.substring(0, this.id.indexOf('/'));
	}

	/**
	 * Whether requests write (the throughput goals apply) rather than read (the latency
	 * goal applies).
	 * @return true for writes and ingestions
	 */
	public boolean writes() {
		return this.kind != Kind.READ;
	}

	/**
	 * Kinds of workload.
	 */
	public enum Kind {

		/** A read. */
		READ,

		/** A write. */
		WRITE,

		/**
		 * A write of many rows per request, compared with raw inserts of the same rows.
		 */
		INGEST

	}

}
