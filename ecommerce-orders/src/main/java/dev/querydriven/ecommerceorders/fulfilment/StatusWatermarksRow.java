package dev.querydriven.ecommerceorders.fulfilment;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;

import dev.querydriven.ecommerceorders.order.OrderStatus;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q4: a row of {@code status_watermarks}, one partition per queued status: where the
 * status's queue starts, and which days a writer is about to insert into. Written only by
 * lightweight transactions.
 *
 * @param status the queue
 * @param oldestDay no row of this queue lives in an earlier day
 * @param protectedDay with {@code protectedUntil}: the advancer must not move past this
 * day or any later one before that instant, because a writer may be inserting there;
 * {@code null} when never set
 * @param protectedUntil the end of the protection, {@code null} when never set
 * @param revision bumped by every write; every write is conditioned on it
 */
@Table("status_watermarks")
record StatusWatermarksRow(@PrimaryKeyColumn(name = "status", ordinal = 0, type = PARTITIONED) OrderStatus status,
		@Column("oldest_day") LocalDate oldestDay, @Column("protected_day") LocalDate protectedDay,
		@Column("protected_until") Instant protectedUntil, long revision) {

	/**
	 * Whether a writer protects the day at that instant.
	 * @param day a day
	 * @param now the instant
	 * @return {@code true} when the day is at or after the protected day and the
	 * protection has not ended
	 */
	boolean protects(LocalDate day, Instant now) {
		return this.protectedDay != null && this.protectedUntil != null && !day.isBefore(this.protectedDay)
				&& now.isBefore(this.protectedUntil);
	}

	/**
	 * Whether a write into the day may go ahead without touching this row: the watermark
	 * is at or before the day, and the day stays protected for at least one more write
	 * window.
	 * @param day the day to write into
	 * @param now the instant
	 * @param window the write window
	 * @return {@code true} when no lightweight transaction is needed
	 */
	boolean covers(LocalDate day, Instant now, Duration window) {
		return !this.oldestDay.isAfter(day) && protects(day, now.plus(window));
	}

	/**
	 * The next revision, lowered to the day if needed and protecting it (and, while an
	 * earlier protection lasts, the days it protected) for two write windows.
	 * @param day the day to write into
	 * @param now the instant
	 * @param window the write window
	 * @return the next revision
	 */
	StatusWatermarksRow protecting(LocalDate day, Instant now, Duration window) {
		LocalDate oldest = this.oldestDay.isAfter(day) ? day : this.oldestDay;
		boolean earlierProtectionLasts = this.protectedUntil != null && now.isBefore(this.protectedUntil);
		LocalDate from = (earlierProtectionLasts && this.protectedDay.isBefore(day)) ? this.protectedDay : day;
		Instant until = now.plus(window.multipliedBy(2)).truncatedTo(ChronoUnit.MILLIS);
		if (earlierProtectionLasts && this.protectedUntil.isAfter(until)) {
			until = this.protectedUntil;
		}
		return new StatusWatermarksRow(this.status, oldest, from, until, this.revision + 1);
	}

	/**
	 * The next revision, starting at a later day.
	 * @param day the new oldest day
	 * @return the next revision
	 */
	StatusWatermarksRow advancedTo(LocalDate day) {
		return new StatusWatermarksRow(this.status, day, this.protectedDay, this.protectedUntil, this.revision + 1);
	}

}
