package dev.querydriven.socialfeed.timeline;

/**
 * A fan-out in which some recipients' writes still failed after their retries. The other
 * recipients hold the item; every write is idempotent and carries the same timestamp, so
 * delivering the item again with {@link #timestamp()} reaches the missing partitions and
 * changes nothing elsewhere.
 */
final class FanOutException extends RuntimeException {

	private final long delivered;

	private final long failed;

	private final long timestamp;

	FanOutException(long delivered, long failed, long timestamp, Throwable cause) {
		super("Fan-out at timestamp " + timestamp + " reached " + delivered + " partition(s) but " + failed
				+ " failed after retries (" + cause + "); deliver again with the same timestamp to converge.", cause);
		this.delivered = delivered;
		this.failed = failed;
		this.timestamp = timestamp;
	}

	long delivered() {
		return this.delivered;
	}

	long failed() {
		return this.failed;
	}

	/**
	 * The timestamp every copy carries.
	 * @return microseconds since the epoch
	 */
	long timestamp() {
		return this.timestamp;
	}

}
