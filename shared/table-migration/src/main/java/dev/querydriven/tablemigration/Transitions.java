package dev.querydriven.tablemigration;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

/**
 * The rules of {@link MigrationPhase} changes, as pure functions of the stored state:
 * which moves are allowed now, and what each move changes.
 */
final class Transitions {

	private Transitions() {
	}

	/**
	 * Why moving to {@code target} is refused now.
	 * @param state the current state
	 * @param target the requested phase
	 * @param now the current time
	 * @param settleTime how long after entering {@code DUAL_WRITE} the backfill may start
	 * @return the reason, or {@code null} when the move is allowed
	 */
	static String refusal(MigrationState state, MigrationPhase target, Instant now, Duration settleTime) {
		MigrationPhase phase = state.phase();
		if (target == null) {
			return "it is complete: " + phase + " is the last phase";
		}
		if (target == phase) {
			return "it is already in " + phase;
		}
		if (target == phase.previous()) {
			return null;
		}
		if (target != phase.next()) {
			String back = (phase.previous() != null) ? " (or back to " + phase.previous() + ")"
					: (phase == MigrationPhase.NEW_ONLY)
							? "; going back is unsafe: the old table no longer receives writes" : "";
			String forward = (phase.next() != null)
					? "it moves one phase at a time, from " + phase + " to " + phase.next() : "it is complete";
			return "cannot move to " + target + ": " + forward + back;
		}
		return switch (target) {
			case BACKFILL -> {
				Instant allowed = state.dualWriteSince().plus(settleTime);
				yield now.isBefore(allowed) ? "the backfill may start only once every instance dual-writes: dual "
						+ "writes began at " + state.dualWriteSince() + ", and instances pick a phase change up within "
						+ "the refresh interval plus margin (" + settleTime.toMillis() + " ms); try again after "
						+ allowed : null;
			}
			case VERIFY -> state.backfillDone() ? null
					: "backfill run " + state.backfillRun() + " has not copied every token range yet";
			case CUTOVER -> {
				if (state.verifiedClean()) {
					yield null;
				}
				yield (state.verifyResult() == null) ? "verify run " + state.verifyRun() + " has not finished"
						: "verify run " + state.verifyRun() + " found mismatches: repair them and verify again "
								+ "(resume), or go back to BACKFILL to copy again";
			}
			default -> null;
		};
	}

	/**
	 * The state after an allowed move.
	 * @param state the current state
	 * @param target the phase entered
	 * @param now the current time
	 * @param plan the token-range plan, computed only when a backfill run starts
	 * @return the new state
	 */
	static MigrationState apply(MigrationState state, MigrationPhase target, Instant now, Supplier<List<Long>> plan) {
		boolean forward = target == state.phase().next();
		Instant dualWriteSince = (target == MigrationPhase.DUAL_WRITE && forward) ? now : state.dualWriteSince();
		List<Long> boundaries = state.tokenBoundaries();
		int backfillRun = state.backfillRun();
		boolean backfillDone = state.backfillDone();
		int verifyRun = state.verifyRun();
		String verifyResult = state.verifyResult();
		if (target == MigrationPhase.BACKFILL) {
			boundaries = plan.get();
			backfillRun++;
			backfillDone = false;
		}
		if (target == MigrationPhase.VERIFY) {
			verifyRun++;
			verifyResult = null;
		}
		return new MigrationState(state.name(), state.revision() + 1, target, now, dualWriteSince, boundaries,
				backfillRun, backfillDone, verifyRun, verifyResult, null, state.history());
	}

}
