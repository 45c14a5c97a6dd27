package dev.querydriven.tablemigration;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TransitionsTests {

	private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");

	private static final Duration SETTLE = Duration.ofSeconds(15);

	/** Only the next phase, or the previous one where safe, may be entered. */
	@Test
	void aMigrationMovesOnePhaseAtATime() {
		MigrationState oldOnly = MigrationState.initial("m");
		assertThat(Transitions.refusal(oldOnly, MigrationPhase.DUAL_WRITE, NOW, SETTLE)).isNull();
		assertThat(Transitions.refusal(oldOnly, MigrationPhase.BACKFILL, NOW, SETTLE))
			.contains("one phase at a time, from OLD_ONLY to DUAL_WRITE");
		assertThat(Transitions.refusal(oldOnly, MigrationPhase.OLD_ONLY, NOW, SETTLE)).contains("already in OLD_ONLY");
		assertThat(Transitions.refusal(state(MigrationPhase.NEW_ONLY), MigrationPhase.CUTOVER, NOW, SETTLE))
			.contains("going back is unsafe");
		assertThat(Transitions.refusal(state(MigrationPhase.CUTOVER), MigrationPhase.VERIFY, NOW, SETTLE)).isNull();
	}

	/**
	 * The backfill waits a refresh interval plus margin after dual writes began, so that
	 * every instance is dual-writing when it starts.
	 */
	@Test
	void backfillWaitsUntilEveryInstanceDualWrites() {
		MigrationState dualWrite = Transitions.apply(MigrationState.initial("m"), MigrationPhase.DUAL_WRITE, NOW,
				List::of);
		assertThat(dualWrite.dualWriteSince()).isEqualTo(NOW);
		assertThat(Transitions.refusal(dualWrite, MigrationPhase.BACKFILL, NOW.plusSeconds(14), SETTLE))
			.contains("every instance dual-writes")
			.contains("try again after 2026-05-01T12:00:15Z");
		assertThat(Transitions.refusal(dualWrite, MigrationPhase.BACKFILL, NOW.plusSeconds(15), SETTLE)).isNull();
	}

	/** Verify needs a complete backfill, and the cut-over a clean verify. */
	@Test
	void verifyNeedsACompleteBackfillAndCutoverACleanVerify() {
		MigrationState backfill = state(MigrationPhase.BACKFILL);
		assertThat(Transitions.refusal(backfill, MigrationPhase.VERIFY, NOW, SETTLE)).contains("has not copied");
		MigrationState verifying = Transitions.apply(withBackfillDone(backfill), MigrationPhase.VERIFY, NOW, List::of);
		assertThat(verifying.verifyRun()).isEqualTo(1);
		assertThat(Transitions.refusal(verifying, MigrationPhase.CUTOVER, NOW, SETTLE))
			.contains("verify run 1 has not finished");
		assertThat(Transitions.refusal(withVerifyResult(verifying, MigrationState.MISMATCHES), MigrationPhase.CUTOVER,
				NOW, SETTLE))
			.contains("found mismatches");
		assertThat(Transitions.refusal(withVerifyResult(verifying, MigrationState.CLEAN), MigrationPhase.CUTOVER, NOW,
				SETTLE))
			.isNull();
	}

	/**
	 * Going back from the cut-over starts a new verify run, so the cut-over needs a fresh
	 * clean report.
	 */
	@Test
	void rollingBackToVerifyRequiresANewCleanVerify() {
		MigrationState cutover = withVerifyResult(state(MigrationPhase.CUTOVER), MigrationState.CLEAN);
		MigrationState back = Transitions.apply(cutover, MigrationPhase.VERIFY, NOW, List::of);
		assertThat(back.verifyRun()).isEqualTo(cutover.verifyRun() + 1);
		assertThat(back.verifyResult()).isNull();
		assertThat(Transitions.refusal(back, MigrationPhase.CUTOVER, NOW, SETTLE)).contains("has not finished");
	}

	/** Entering BACKFILL starts a new run with a fresh token-range plan. */
	@Test
	void enteringBackfillStartsANewRunWithAFreshPlan() {
		MigrationState dualWrite = Transitions.apply(MigrationState.initial("m"), MigrationPhase.DUAL_WRITE, NOW,
				List::of);
		MigrationState backfill = Transitions.apply(dualWrite, MigrationPhase.BACKFILL, NOW.plusSeconds(20),
				() -> List.of(Long.MIN_VALUE, 0L, Long.MAX_VALUE));
		assertThat(backfill.backfillRun()).isEqualTo(1);
		assertThat(backfill.backfillDone()).isFalse();
		assertThat(backfill.tokenBoundaries()).containsExactly(Long.MIN_VALUE, 0L, Long.MAX_VALUE);
		assertThat(backfill.revision()).isEqualTo(dualWrite.revision() + 1);
		assertThat(backfill.dualWriteSince()).isEqualTo(NOW);
	}

	private static MigrationState state(MigrationPhase phase) {
		return new MigrationState("m", 5, phase, NOW, NOW.minusSeconds(60), List.of(Long.MIN_VALUE, Long.MAX_VALUE), 1,
				false, 1, null, null, List.of());
	}

	private static MigrationState withBackfillDone(MigrationState state) {
		return new MigrationState(state.name(), state.revision(), state.phase(), state.phaseSince(),
				state.dualWriteSince(), state.tokenBoundaries(), state.backfillRun(), true, 0, null, null,
				state.history());
	}

	private static MigrationState withVerifyResult(MigrationState state, String result) {
		return new MigrationState(state.name(), state.revision(), state.phase(), state.phaseSince(),
				state.dualWriteSince(), state.tokenBoundaries(), state.backfillRun(), true, state.verifyRun(), result,
				null, state.history());
	}

}
