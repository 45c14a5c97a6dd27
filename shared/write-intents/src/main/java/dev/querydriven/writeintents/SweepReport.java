package dev.querydriven.writeintents;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * What one pass of the {@link IntentSweeper} found and did.
 *
 * @param from the minute the pass started at (the watermark before it)
 * @param sweptUntil the watermark after it: every intent before is finished
 * @param read the intents read
 * @param replayed the unfinished changes it finished
 * @param failed the unfinished changes it could not finish this time
 * @param pending the unfinished changes still within their deadline (perhaps running)
 * @param oldestUnfinished when the oldest change it left unfinished began, if any
 */
public record SweepReport(Instant from, Instant sweptUntil, int read, int replayed, int failed, int pending,
		Optional<Instant> oldestUnfinished) {

	/**
	 * The age of the oldest change left unfinished.
	 * @param now the current instant
	 * @return its age, zero when none was left
	 */
	public Duration oldestUnfinishedAge(Instant now) {
		return this.oldestUnfinished.map((begun) -> Duration.between(begun, now)).orElse(Duration.ZERO);
	}

	/**
	 * The changes the pass left unfinished.
	 * @return failed and pending together
	 */
	public int unfinished() {
		return this.failed + this.pending;
	}

	static final class Builder {

		private final Instant from;

		private Instant sweptUntil;

		private int read;

		private int replayed;

		private int failed;

		private int pending;

		private Instant oldestUnfinished;

		Builder(Instant from) {
			this.from = from;
			this.sweptUntil = from;
		}

		synchronized void read() {
			this.read++;
		}

		synchronized void replayed(WriteIntent intent) {
			this.replayed++;
		}

		synchronized void failed(WriteIntent intent) {
			this.failed++;
			unfinished(intent);
		}

		synchronized void pending(WriteIntent intent) {
			this.pending++;
			unfinished(intent);
		}

		private void unfinished(WriteIntent intent) {
			if (this.oldestUnfinished == null || intent.begunAt().isBefore(this.oldestUnfinished)) {
				this.oldestUnfinished = intent.begunAt();
			}
		}

		synchronized void sweptUntil(Instant sweptUntil) {
			this.sweptUntil = sweptUntil;
		}

		synchronized SweepReport build() {
			return new SweepReport(this.from, this.sweptUntil, this.read, this.replayed, this.failed, this.pending,
					Optional.ofNullable(this.oldestUnfinished));
		}

	}

}
