package dev.querydriven.tablemigration;

/**
 * A change the migration's state does not allow: a phase skipped, a guard not met (the
 * dual writes have not settled, the backfill is incomplete, verify is not clean), the
 * state changed concurrently, or a job is already running elsewhere. Nothing was changed;
 * a service answers 409 Conflict with the message.
 */
public class MigrationRefusedException extends RuntimeException {

	private final String migration;

	private final MigrationPhase phase;

	/**
	 * @param migration the migration
	 * @param phase its phase when the change was refused
	 * @param reason why, for the admin
	 */
	public MigrationRefusedException(String migration, MigrationPhase phase, String reason) {
		super("Table migration '" + migration + "' (" + phase + "): " + reason);
		this.migration = migration;
		this.phase = phase;
	}

	public String migration() {
		return this.migration;
	}

	public MigrationPhase phase() {
		return this.phase;
	}

}
