package dev.querydriven.writeintents.spring;

import java.time.Clock;
import java.time.Duration;

import dev.querydriven.writeintents.IntentSweeper;
import dev.querydriven.writeintents.SweepReport;
import dev.querydriven.writeintents.WriteIntents;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The write intents in the health endpoint ({@code writeIntents}): the changes in flight
 * and, from the sweeper's last pass, the changes left unfinished and the age of the
 * oldest. DOWN once an unfinished change is older than
 * {@code querydriven.dual-write.intents.stuck-after}: the sweeper keeps failing to finish
 * it, and its copies disagree with their source until someone looks.
 */
final class WriteIntentsHealthIndicator implements HealthIndicator {

	private final WriteIntents intents;

	private final IntentSweeper sweeper;

	private final Clock clock;

	private final Duration stuckAfter;

	WriteIntentsHealthIndicator(WriteIntents intents, IntentSweeper sweeper, Clock clock, Duration stuckAfter) {
		this.intents = intents;
		this.sweeper = sweeper;
		this.clock = clock;
		this.stuckAfter = stuckAfter;
	}

	@Override
	public Health health() {
		Health.Builder health = Health.up()
			.withDetail("inFlight", this.intents.inFlight())
			.withDetail("rejected", this.intents.rejected())
			.withDetail("timedOut", this.intents.timedOut());
		SweepReport report = this.sweeper.lastReport().orElse(null);
		if (report == null) {
			return health.withDetail("swept", false).build();
		}
		Duration oldest = report.oldestUnfinishedAge(this.clock.instant());
		health.withDetail("sweptUntil", report.sweptUntil().toString())
			.withDetail("unfinished", report.unfinished())
			.withDetail("oldestUnfinishedSeconds", oldest.toSeconds());
		return (oldest.compareTo(this.stuckAfter) > 0) ? health.down().build() : health.build();
	}

}
