package dev.querydriven.modeling.dualwrite;

/**
 * How the statements of one logical write reach Cassandra.
 */
public enum WriteStrategy {

	/**
	 * One logged batch: Cassandra's batch log makes the write eventually all-or-nothing,
	 * at the price of an extra round of writes. Only for small payloads (within
	 * {@code batch_size_warn_threshold}, 5 KiB here) touching few partitions.
	 */
	LOGGED_BATCH,

	/**
	 * The statements run concurrently and are retried on their own (they are idempotent);
	 * the rare partial failure that outlives the retries is repaired from the source of
	 * truth by a reconciler. Faster, and fit for payloads of any size.
	 */
	PARALLEL

}
