package dev.querydriven.modeling.time;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one source of time of a service: instants, write timestamps and time-based ids, all
 * read from one {@link Clock}. Nothing else reads the system clock, so a test moves time
 * by moving the clock (a fixed or mutable one) instead of sleeping, and every decision
 * that depends on time (a bucket, a write window, an expiry) can be tested at any
 * instant.
 *
 * <p>
 * Cassandra resolves two writes of the same cell by their write timestamp, in
 * microseconds: the higher one wins, and at equal timestamps the greater value (or a
 * delete) wins, whatever arrived last. {@link #nowMicros()} therefore never repeats and
 * never goes back within this source, even when the clock does (an NTP step, a test
 * moving the clock back); {@link #nextTimestamp(long)} orders the changes of one item by
 * their version even when the clocks of two instances disagree. A service has one time
 * source (one bean), so "strictly increasing per source" is "strictly increasing per
 * service instance".
 */
public final class TimeSource {

	/** 100-nanosecond intervals between 1582-10-15 (the UUID epoch) and 1970-01-01. */
	private static final long UUID_EPOCH_OFFSET = 0x01B21DD213814000L;

	private final Clock clock;

	private final AtomicLong lastMicros = new AtomicLong(Long.MIN_VALUE);

	private final AtomicLong lastTicks = new AtomicLong(Long.MIN_VALUE);

	/**
	 * Clock sequence and node of every time-based id of this source (random, per
	 * instance).
	 */
	private final long clockSequenceAndNode;

	/**
	 * A time source reading the given clock.
	 * @param clock the clock (UTC: every time bucket of this project is a UTC bucket)
	 */
	public TimeSource(Clock clock) {
		this.clock = Objects.requireNonNull(clock, "clock");
		this.clockSequenceAndNode = randomClockSequenceAndNode();
	}

	/**
	 * The clock every reading comes from.
	 * @return the clock
	 */
	public Clock clock() {
		return this.clock;
	}

	/**
	 * Now.
	 * @return the clock's instant
	 */
	public Instant instant() {
		return this.clock.instant();
	}

	/**
	 * Now, at the precision of a CQL {@code timestamp} (milliseconds), so that what a
	 * request answers equals what a later read of the stored value returns.
	 * @return the clock's instant truncated to milliseconds
	 */
	public Instant instantMillis() {
		return this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
	}

	/**
	 * A write timestamp: the clock in microseconds (the unit of Cassandra write
	 * timestamps), strictly increasing within this source, so that two writes in the same
	 * microsecond still get an order.
	 * @return microseconds since the epoch
	 */
	public long nowMicros() {
		long now = ChronoUnit.MICROS.between(Instant.EPOCH, this.clock.instant());
		return this.lastMicros.updateAndGet((last) -> Math.max(now, last + 1));
	}

	/**
	 * The timestamp for the next change of an item whose previous change used
	 * {@code previousMicros} (kept in the source of truth next to a version): the clock,
	 * but always after the previous change, so the changes of one item are ordered by
	 * their version even when the clocks of two instances disagree.
	 * @param previousMicros the timestamp of the item's previous change
	 * @return a timestamp greater than {@code previousMicros}
	 */
	public long nextTimestamp(long previousMicros) {
		return Math.max(nowMicros(), Math.addExact(previousMicros, 1));
	}

	/**
	 * A version-1 (time-based) UUID, a CQL {@code timeuuid}, from this source's clock:
	 * its timestamp is the clock's, in 100-nanosecond ticks, strictly increasing within
	 * this source, so ids sort by creation time and two ids never collide (the clock
	 * sequence and node bits are random per source, so neither do two instances' ids).
	 * @return a new time-based id
	 */
	public UUID timeBasedId() {
		Instant now = this.clock.instant();
		long ticks = Math.addExact(Math.multiplyExact(now.getEpochSecond(), 10_000_000L), now.getNano() / 100)
				+ UUID_EPOCH_OFFSET;
		long unique = this.lastTicks.updateAndGet((last) -> Math.max(ticks, last + 1));
		return new UUID(mostSignificantBits(unique), this.clockSequenceAndNode);
	}

	/**
	 * The instant of a time-based id's timestamp.
	 * @param timeBasedId a version-1 UUID
	 * @return its instant (100-nanosecond precision)
	 */
	public static Instant instantOf(UUID timeBasedId) {
		if (timeBasedId.version() != 1) {
			throw new IllegalArgumentException("Not a time-based (version 1) UUID: " + timeBasedId);
		}
		long ticks = timeBasedId.timestamp() - UUID_EPOCH_OFFSET;
		return Instant.ofEpochSecond(Math.floorDiv(ticks, 10_000_000L), Math.floorMod(ticks, 10_000_000L) * 100);
	}

	private static long mostSignificantBits(long ticks) {
		long timeLow = ticks & 0xFFFF_FFFFL;
		long timeMid = (ticks >>> 32) & 0xFFFFL;
		long timeHigh = (ticks >>> 48) & 0x0FFFL;
		return (timeLow << 32) | (timeMid << 16) | 0x1000L | timeHigh;
	}

	private static long randomClockSequenceAndNode() {
		long random = new SecureRandom().nextLong();
		// Variant 10xx (RFC 4122) in the top bits; the node's multicast bit set, as RFC
		// 4122 asks of a random node id.
		return (random & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L | 0x0000_0100_0000_0000L;
	}

}
