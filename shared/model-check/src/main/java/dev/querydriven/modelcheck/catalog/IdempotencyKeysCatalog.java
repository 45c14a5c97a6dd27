package dev.querydriven.modelcheck.catalog;

import java.util.List;

/**
 * The statement of the keyed creates' table ({@code idempotency_keys}), which a service
 * whose creates take an {@code Idempotency-Key} holds in its keyspace: its catalogue adds
 * it to its own, with the rate of keyed creates it expects, so that its model check
 * judges the table like the service's own.
 */
public final class IdempotencyKeysCatalog {

	/** Hours a claim lives: the table's time to live. */
	static final long HOURS = 24;

	private IdempotencyKeysCatalog() {
	}

	/**
	 * The claim: a lightweight transaction that reads the partition it writes.
	 * @param peakCreatesPerSecond the most keyed creates the service takes per second
	 * @return the access pattern, {@code K1}
	 */
	public static List<AccessPattern> accessPatterns(double peakCreatesPerSecond) {
		long keys = Math.max(1, Math.round(peakCreatesPerSecond * 3600 * HOURS));
		return List.of(new AccessPattern("K1", "a keyed create's claim, or the claim an earlier request made",
				"idempotency_keys",
				"INSERT INTO idempotency_keys (scope, idempotency_key, request_hash, resource_id) "
						+ "VALUES (?, ?, ?, ?) IF NOT EXISTS",
				"",
				SizingFacts.singleRow(keys, 160, 1.0 / 86_400,
						"one partition per acting user and key (scope ~40, key ~40, a SHA-256 hash in hex 64, the id "
								+ "16), written once by its claim and read by the claim's retries, kept a day")));
	}

}
