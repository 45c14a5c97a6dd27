package dev.querydriven.modeling.bucket;

/**
 * The order in which a read walks time: the clustering order of the table it reads, or
 * its reverse.
 */
public enum ReadOrder {

	/** Newest rows (and buckets) first: feeds, timelines, "latest N". */
	NEWEST_FIRST,

	/**
	 * Oldest rows (and buckets) first: queues, comment threads, charts drawn left to
	 * right.
	 */
	OLDEST_FIRST

}
