package dev.querydriven.benchmarks.peer;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.modeling.time.TimeSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The key of an intent's row: a time-based id drawn as the services draw it, the minute
 * it was drawn in, and a shard of four from its hash.
 */
class IntentsTests {

	private static final Instant NOW = Instant.parse("2026-05-03T14:30:59.123456789Z");

	/**
	 * Ids are version-1 UUIDs of the clock's time, strictly increasing on a still clock.
	 */
	@Test
	void idsAreTimeBasedAndNeverRepeat() {
		Intents.TimeBasedIds ids = new Intents.TimeBasedIds(Clock.fixed(NOW, ZoneOffset.UTC));
		UUID first = ids.next();
		UUID second = ids.next();
		assertThat(first.version()).isEqualTo(1);
		assertThat(first.variant()).isEqualTo(2);
		assertThat(Intents.instantOf(first)).isEqualTo(Instant.parse("2026-05-03T14:30:59.123456700Z"))
			.isEqualTo(TimeSource.instantOf(first));
		assertThat(second.timestamp()).isEqualTo(first.timestamp() + 1);
		assertThat(second.clockSequence()).isEqualTo(first.clockSequence());
	}

	/** The row's partition: the id's minute and one of four shards. */
	@Test
	void anIntentsPartitionIsItsMinuteAndAShard() {
		Intents.TimeBasedIds ids = new Intents.TimeBasedIds(Clock.fixed(NOW, ZoneOffset.UTC));
		Set<Byte> shards = new HashSet<>();
		for (int i = 0; i < 200; i++) {
			UUID id = ids.next();
			assertThat(Intents.bucketOf(id)).isEqualTo(Instant.parse("2026-05-03T14:30:00Z"));
			byte shard = Intents.shardOf(id);
			assertThat(shard).isEqualTo((byte) Math.floorMod(id.hashCode(), 4));
			shards.add(shard);
		}
		assertThat(shards).containsExactlyInAnyOrder((byte) 0, (byte) 1, (byte) 2, (byte) 3);
	}

}
