package dev.querydriven.iotsensors.reading;

import dev.querydriven.modeling.bucket.ReadOrder;

/**
 * The order of a page of readings as the API spells it ({@code ?order=desc}). An enum
 * rather than a pattern-checked string: the binder refuses any other value as it reads
 * the parameter (a 400 naming it), the API document lists the two values, and no method
 * validation runs on every call of a hot read.
 */
enum ReadingOrder {

	/** Oldest first: the buckets of the range read forwards. */
	asc(ReadOrder.OLDEST_FIRST),

	/** Newest first, the default: a dashboard's latest readings. */
	desc(ReadOrder.NEWEST_FIRST);

	private final ReadOrder readOrder;

	ReadingOrder(ReadOrder readOrder) {
		this.readOrder = readOrder;
	}

	ReadOrder readOrder() {
		return this.readOrder;
	}

}
