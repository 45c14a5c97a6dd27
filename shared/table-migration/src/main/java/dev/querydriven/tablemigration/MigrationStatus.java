package dev.querydriven.tablemigration;

import java.time.Instant;
import java.util.List;

/**
 * What an admin sees of a migration: its phase, what the next step needs, and the
 * progress of its jobs.
 *
 * @param name the migration
 * @param oldTable the table it moves away from
 * @param newTable the table it moves to
 * @param phase the current phase
 * @param phaseSince when the phase was entered, or {@code null} before the first advance
 * @param revision bumped by every change of the state
 * @param next the phase an advance leads to, or {@code null} at the end
 * @param blocker why advancing to {@code next} is refused right now, or {@code null} when
 * it is allowed
 * @param previous the phase a rollback leads to, or {@code null} where going back is
 * unsafe
 * @param worker the instance running the current job, or {@code null}
 * @param backfill the current backfill run, or {@code null} before the first one
 * @param verify the current verify run, or {@code null} before the first one
 * @param history one line per change, oldest first
 */
public record MigrationStatus(String name, String oldTable, String newTable, MigrationPhase phase, Instant phaseSince,
		int revision, MigrationPhase next, String blocker, MigrationPhase previous, String worker,
		BackfillReport backfill, VerifyReport verify, List<String> history) {

}
