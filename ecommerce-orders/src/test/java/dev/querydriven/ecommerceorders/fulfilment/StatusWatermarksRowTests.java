package dev.querydriven.ecommerceorders.fulfilment;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;

import dev.querydriven.ecommerceorders.order.OrderStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The watermark's rules, decided on one row: when a writer may go ahead without a
 * transaction, what a protection covers, and what the advancer may pass.
 */
class StatusWatermarksRowTests {

	private static final Duration WINDOW = Duration.ofMinutes(2);

	private static final Instant NOW = Instant.parse("2026-05-10T12:00:00Z");

	private static final LocalDate MAY_1 = LocalDate.parse("2026-05-01");

	/**
	 * A writer needs no transaction only while the watermark is at or before its day and
	 * a protection of that day lasts at least one more write window.
	 */
	@Test
	void writerNeedsNoTransactionOnlyWhileAProtectionLasts() {
		StatusWatermarksRow protectedFromMay1 = row(MAY_1, MAY_1, NOW.plus(WINDOW.multipliedBy(2)));
		assertThat(protectedFromMay1.covers(MAY_1.plusDays(3), NOW, WINDOW)).isTrue();
		assertThat(protectedFromMay1.covers(MAY_1.minusDays(1), NOW, WINDOW)).as("an earlier day").isFalse();
		assertThat(protectedFromMay1.covers(MAY_1, NOW.plus(WINDOW).plusSeconds(1), WINDOW)).as("ending soon")
			.isFalse();
		assertThat(row(MAY_1, null, null).covers(MAY_1, NOW, WINDOW)).as("never protected").isFalse();
	}

	/**
	 * Protecting an earlier day lowers the watermark to it, keeps the days an ongoing
	 * protection covers, lasts two windows, and bumps the revision.
	 */
	@Test
	void protectingLowersTheWatermarkAndExtendsTheProtection() {
		StatusWatermarksRow row = row(MAY_1.plusDays(5), MAY_1.plusDays(2), NOW.plusSeconds(30));
		StatusWatermarksRow next = row.protecting(MAY_1, NOW, WINDOW);
		assertThat(next.oldestDay()).isEqualTo(MAY_1);
		assertThat(next.protectedDay()).isEqualTo(MAY_1);
		assertThat(next.protectedUntil()).isEqualTo(NOW.plus(WINDOW.multipliedBy(2)));
		assertThat(next.revision()).isEqualTo(row.revision() + 1);
		assertThat(next.covers(MAY_1, NOW, WINDOW)).isTrue();

		StatusWatermarksRow later = row(MAY_1, MAY_1, NOW.plusSeconds(30)).protecting(MAY_1.plusDays(4), NOW, WINDOW);
		assertThat(later.protectedDay()).as("the ongoing protection of May 1 is kept").isEqualTo(MAY_1);
		assertThat(later.oldestDay()).isEqualTo(MAY_1);
	}

	/**
	 * A protection stops the advancer at the protected day and every later one until it
	 * ends; earlier days stay free to pass.
	 */
	@Test
	void protectionHoldsTheProtectedDayAndLaterOnes() {
		StatusWatermarksRow row = row(MAY_1, MAY_1.plusDays(2), NOW.plusSeconds(60));
		assertThat(row.protects(MAY_1.plusDays(1), NOW)).isFalse();
		assertThat(row.protects(MAY_1.plusDays(2), NOW)).isTrue();
		assertThat(row.protects(MAY_1.plusDays(9), NOW)).isTrue();
		assertThat(row.protects(MAY_1.plusDays(2), NOW.plusSeconds(60))).as("ended").isFalse();
		assertThat(row.advancedTo(MAY_1.plusDays(2)).revision()).isEqualTo(row.revision() + 1);
	}

	private static StatusWatermarksRow row(LocalDate oldest, LocalDate protectedDay, Instant until) {
		return new StatusWatermarksRow(OrderStatus.PAID, oldest, protectedDay, until, 7);
	}

}
