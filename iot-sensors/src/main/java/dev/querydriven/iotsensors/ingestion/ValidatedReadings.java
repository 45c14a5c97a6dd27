package dev.querydriven.iotsensors.ingestion;

import java.time.Instant;
import java.util.List;

/**
 * Readings that passed {@link ReadingValidator}, the only way to build one: what the
 * ingestion service writes. Times are truncated to milliseconds (the resolution of a CQL
 * {@code timestamp}), and readings of the same instant are collapsed to the last one
 * sent, as the table would.
 */
public final class ValidatedReadings {

	private final List<NewReading> readings;

	private final int received;

	private final Instant validatedAt;

	ValidatedReadings(List<NewReading> readings, int received, Instant validatedAt) {
		this.readings = List.copyOf(readings);
		this.received = received;
		this.validatedAt = validatedAt;
	}

	/**
	 * The readings to write, one per instant, oldest first.
	 * @return the readings
	 */
	public List<NewReading> readings() {
		return this.readings;
	}

	/**
	 * How many readings the request held, duplicates included.
	 * @return the count accepted
	 */
	public int received() {
		return this.received;
	}

	/**
	 * The instant the readings' ages were judged against; their TTLs count from it.
	 * @return the validation time
	 */
	public Instant validatedAt() {
		return this.validatedAt;
	}

}
