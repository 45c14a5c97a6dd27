package dev.querydriven.tablemigration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MigrationPhaseTests {

	/** Writes reach the new table from DUAL_WRITE on and the old one until CUTOVER. */
	@Test
	void writesGoToOldNewOrBothByPhase() {
		assertThat(MigrationPhase.values()).filteredOn(MigrationPhase::writesOld)
			.containsExactly(MigrationPhase.OLD_ONLY, MigrationPhase.DUAL_WRITE, MigrationPhase.BACKFILL,
					MigrationPhase.VERIFY, MigrationPhase.CUTOVER);
		assertThat(MigrationPhase.values()).filteredOn(MigrationPhase::writesNew)
			.containsExactly(MigrationPhase.DUAL_WRITE, MigrationPhase.BACKFILL, MigrationPhase.VERIFY,
					MigrationPhase.CUTOVER, MigrationPhase.NEW_ONLY);
	}

	/** Reads move to the new table only at the cut-over. */
	@Test
	void readsComeFromTheNewTableFromCutoverOn() {
		assertThat(MigrationPhase.values()).filteredOn(MigrationPhase::readsNew)
			.containsExactly(MigrationPhase.CUTOVER, MigrationPhase.NEW_ONLY);
	}

	/**
	 * Every phase that reads the old table has it written, and every phase that reads the
	 * new one has it written: neighbouring phases can coexist without a lost write.
	 */
	@Test
	void everyPhaseWritesTheTableItReads() {
		for (MigrationPhase phase : MigrationPhase.values()) {
			assertThat(phase.readsNew() ? phase.writesNew() : phase.writesOld()).as(phase.name()).isTrue();
		}
	}

	/** The phases form one line; there is no going back from NEW_ONLY. */
	@Test
	void phasesMoveOneStepAtATime() {
		assertThat(MigrationPhase.OLD_ONLY.next()).isEqualTo(MigrationPhase.DUAL_WRITE);
		assertThat(MigrationPhase.VERIFY.next()).isEqualTo(MigrationPhase.CUTOVER);
		assertThat(MigrationPhase.NEW_ONLY.next()).isNull();
		assertThat(MigrationPhase.CUTOVER.previous()).isEqualTo(MigrationPhase.VERIFY);
		assertThat(MigrationPhase.OLD_ONLY.previous()).isNull();
		assertThat(MigrationPhase.NEW_ONLY.previous()).isNull();
	}

}
