package dev.querydriven.modelcheck.catalog;

import java.util.List;
import java.util.Map;

/**
 * The statement of the keyed creates' table ({@code idempotency_keys}), which a service
 * whose creates take an {@code Idempotency-Key} holds in its keyspace: its catalogue adds
 * it to its own, with the rate of keyed creates it expects, so that its model check
 * judges the table like the service's own.
 *
 * <p>
 * The claim sets no level of its own: it runs at the service's defaults
 * ({@code spring.cassandra.request.consistency} commits it,
 * {@code spring.cassandra.request.serial-consistency} runs its Paxos round), which the
 * service declares with the rate.
 */
public final class IdempotencyKeysCatalog {

	/** Hours a claim lives: the table's time to live. */
	static final long HOURS = 24;

	private IdempotencyKeysCatalog() {
	}

	/**
	 * The claim: a lightweight transaction that reads the partition it writes.
	 * @param peakCreatesPerSecond the most keyed creates the service takes per second
	 * @param defaults the service's default levels, which the claim runs at, e.g.
	 * {@link Consistency#LWT_LOCAL_SERIAL}
	 * @return the access pattern, {@code K1}
	 */
	public static List<AccessPattern> accessPatterns(double peakCreatesPerSecond, Consistency defaults) {
		long keys = Math.max(1, Math.round(peakCreatesPerSecond * 3600 * HOURS));
		return List.of(new AccessPattern("K1", "a keyed create's claim, or the claim an earlier request made",
				"idempotency_keys",
				"INSERT INTO idempotency_keys (scope, idempotency_key, request_hash, resource_id) "
						+ "VALUES (?, ?, ?, ?) IF NOT EXISTS",
				"",
				SizingFacts.singleRow(keys, 160, 1.0 / 86_400,
						"one partition per acting user and key (scope ~40, key ~40, a SHA-256 hash in hex 64, the id "
								+ "16), written once by its claim and read by the claim's retries, kept a day"))
			.at(defaults));
	}

	/**
	 * The migration history of the keyed creates' table, which the service's schema
	 * migrations keep apart from the service's own: a catalogue adds it to its
	 * {@code infrastructureTables()}.
	 * @return the tables, with why they exist
	 */
	public static Map<String, String> infrastructureTables() {
		return Map.of("idempotency_keys__schema_migration",
				"applied schema versions of the keyed creates' table (cassandra-migration)",
				"idempotency_keys__schema_migration_leader",
				"the migration lock of the keyed creates' table (cassandra-migration)");
	}

}
