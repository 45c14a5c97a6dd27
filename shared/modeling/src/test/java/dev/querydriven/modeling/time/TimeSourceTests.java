package dev.querydriven.modeling.time;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The one source of time: everything from one clock, write timestamps that never repeat
 * nor go back, time-based ids that sort by time.
 */
class TimeSourceTests {

	private static final Instant NOW = Instant.parse("2026-05-03T10:15:30.123456789Z");

	/** Instants come from the clock, and at storage precision when asked. */
	@Test
	void instantsComeFromTheClock() {
		TimeSource time = new TimeSource(Clock.fixed(NOW, ZoneOffset.UTC));
		assertThat(time.instant()).isEqualTo(NOW);
		assertThat(time.instantMillis()).isEqualTo(Instant.parse("2026-05-03T10:15:30.123Z"));
	}

	/**
	 * Write timestamps are the clock in microseconds, strictly increasing even when the
	 * clock stands still or goes back.
	 */
	@Test
	void writeTimestampsNeverRepeatNorGoBack() {
		MovableClock clock = new MovableClock(NOW);
		TimeSource time = new TimeSource(clock);
		long first = time.nowMicros();
		assertThat(first).isEqualTo(1_777_803_330_123_456L);
		assertThat(time.nowMicros()).isEqualTo(first + 1);
		clock.now = NOW.minus(Duration.ofSeconds(5));
		assertThat(time.nowMicros()).isEqualTo(first + 2);
		clock.now = NOW.plus(Duration.ofSeconds(1));
		assertThat(time.nowMicros()).isEqualTo(first + 1_000_000);
	}

	/**
	 * The next change of an item comes after its previous one, whatever the clock says.
	 */
	@Test
	void nextTimestampFollowsThePreviousChange() {
		TimeSource time = new TimeSource(Clock.fixed(NOW, ZoneOffset.UTC));
		long now = time.nowMicros();
		assertThat(time.nextTimestamp(now + 5_000_000)).isEqualTo(now + 5_000_001);
		assertThat(time.nextTimestamp(now - 5_000_000)).isGreaterThan(now);
	}

	/**
	 * Time-based ids are version-1 UUIDs carrying the clock's time, unique and in time
	 * order even when the clock stands still.
	 */
	@Test
	void timeBasedIdsCarryTheClocksTimeAndNeverCollide() {
		TimeSource time = new TimeSource(Clock.fixed(NOW, ZoneOffset.UTC));
		List<UUID> ids = new ArrayList<>();
		for (int i = 0; i < 1_000; i++) {
			ids.add(time.timeBasedId());
		}
		Set<UUID> distinct = new HashSet<>(ids);
		assertThat(distinct).hasSize(1_000);
		assertThat(ids).allSatisfy((id) -> {
			assertThat(id.version()).isEqualTo(1);
			assertThat(id.variant()).isEqualTo(2);
		});
		assertThat(ids).extracting(UUID::timestamp).isSorted();
		assertThat(TimeSource.instantOf(ids.get(0))).isEqualTo(Instant.parse("2026-05-03T10:15:30.1234567Z"));
		assertThatIllegalArgumentException().isThrownBy(() -> TimeSource.instantOf(UUID.randomUUID()));
	}

	private static final class MovableClock extends Clock {

		private Instant now;

		MovableClock(Instant now) {
			this.now = now;
		}

		@Override
		public ZoneOffset getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(java.time.ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
