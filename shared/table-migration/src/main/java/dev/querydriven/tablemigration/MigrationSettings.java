package dev.querydriven.tablemigration;

import java.time.Duration;
import java.util.Objects;

/**
 * How the {@link MigrationEngine} paces itself. Every instance of a service must use the
 * same {@code refreshInterval} and {@code settleMargin}: the backfill's safety rests on
 * them.
 *
 * @param refreshInterval the oldest phase an instance routes on: its view of every
 * migration's phase is refreshed in the background and, if older than this, re-read
 * before use (10 s by default)
 * @param settleMargin added to the refresh interval before the backfill may start, for
 * writes still in flight and clock differences between instances (5 s by default)
 * @param tokenRanges how many token ranges (at least) the ring is cut into for backfill
 * and verify: each is scanned, checkpointed and resumed as a unit (256 by default)
 * @param rangeConcurrency how many token ranges are scanned at once (4 by default)
 * @param concurrency the most row writes or point reads in flight at once, over all
 * ranges (64 by default)
 * @param pageSize the rows per page of a token-range scan (500 by default)
 * @param recheckDelay how long verify waits before re-checking a mismatch, for dual
 * writes still in flight (1 s by default)
 * @param leaseTtl how long a backfill or verify job's lease outlives its last renewal:
 * the time another instance waits before resuming the job of one that died (30 s by
 * default)
 * @param sampleSize the most mismatch samples a verify report keeps (10 by default)
 * @param progressLogInterval how often a running job logs its progress (10 s by default)
 * @param startJobs whether entering {@code BACKFILL} or {@code VERIFY} starts the job on
 * the instance that advanced (on by default; tests drive jobs themselves)
 */
public record MigrationSettings(Duration refreshInterval, Duration settleMargin, int tokenRanges, int rangeConcurrency,
		int concurrency, int pageSize, Duration recheckDelay, Duration leaseTtl, int sampleSize,
		Duration progressLogInterval, boolean startJobs) {

	public MigrationSettings {
		requirePositive(refreshInterval, "refreshInterval");
		Objects.requireNonNull(settleMargin, "settleMargin");
		requirePositive(recheckDelay, "recheckDelay");
		requirePositive(leaseTtl, "leaseTtl");
		requirePositive(progressLogInterval, "progressLogInterval");
		if (leaseTtl.toSeconds() < 1) {
			throw new IllegalArgumentException("leaseTtl must be at least one second (it becomes a cell TTL)");
		}
		if (tokenRanges < 1 || rangeConcurrency < 1 || pageSize < 1 || sampleSize < 0) {
			throw new IllegalArgumentException("tokenRanges, rangeConcurrency and pageSize must be positive");
		}
		if (concurrency < rangeConcurrency) {
			throw new IllegalArgumentException("concurrency must be at least rangeConcurrency");
		}
	}

	/**
	 * The defaults, fit for a production service.
	 * @return the default settings
	 */
	public static MigrationSettings defaults() {
		return new MigrationSettings(Duration.ofSeconds(10), Duration.ofSeconds(5), 256, 4, 64, 500,
				Duration.ofSeconds(1), Duration.ofSeconds(30), 10, Duration.ofSeconds(10), true);
	}

	/**
	 * These settings, cutting the ring into a different number of token ranges for a
	 * backfill or verify.
	 * @param tokenRanges how many token ranges (at least)
	 * @return the settings
	 */
	public MigrationSettings withTokenRanges(int tokenRanges) {
		return new MigrationSettings(this.refreshInterval, this.settleMargin, tokenRanges, this.rangeConcurrency,
				this.concurrency, this.pageSize, this.recheckDelay, this.leaseTtl, this.sampleSize,
				this.progressLogInterval, this.startJobs);
	}

	/**
	 * How long after entering {@code DUAL_WRITE} the backfill may start: by then every
	 * instance has refreshed its view and writes both shapes.
	 * @return the refresh interval plus the settle margin
	 */
	public Duration dualWriteSettleTime() {
		return this.refreshInterval.plus(this.settleMargin);
	}

	public MigrationSettings withRefreshInterval(Duration refreshInterval, Duration settleMargin) {
		return new MigrationSettings(refreshInterval, settleMargin, this.tokenRanges, this.rangeConcurrency,
				this.concurrency, this.pageSize, this.recheckDelay, this.leaseTtl, this.sampleSize,
				this.progressLogInterval, this.startJobs);
	}

	public MigrationSettings withRecheckDelay(Duration recheckDelay) {
		return new MigrationSettings(this.refreshInterval, this.settleMargin, this.tokenRanges, this.rangeConcurrency,
				this.concurrency, this.pageSize, recheckDelay, this.leaseTtl, this.sampleSize, this.progressLogInterval,
				this.startJobs);
	}

	public MigrationSettings withLeaseTtl(Duration leaseTtl) {
		return new MigrationSettings(this.refreshInterval, this.settleMargin, this.tokenRanges, this.rangeConcurrency,
				this.concurrency, this.pageSize, this.recheckDelay, leaseTtl, this.sampleSize, this.progressLogInterval,
				this.startJobs);
	}

	public MigrationSettings withStartJobs(boolean startJobs) {
		return new MigrationSettings(this.refreshInterval, this.settleMargin, this.tokenRanges, this.rangeConcurrency,
				this.concurrency, this.pageSize, this.recheckDelay, this.leaseTtl, this.sampleSize,
				this.progressLogInterval, startJobs);
	}

	private static void requirePositive(Duration duration, String name) {
		if (duration == null || duration.isNegative() || duration.isZero()) {
			throw new IllegalArgumentException(name + " must be positive");
		}
	}

}
