package dev.querydriven.tablemigration;

/**
 * Where a table migration stands, and therefore where every instance of the service
 * writes and reads. The phases run in this order; a migration moves one phase at a time.
 *
 * <pre>
 * phase        writes go to   reads come from
 * OLD_ONLY     old            old
 * DUAL_WRITE   old + new      old
 * BACKFILL     old + new      old
 * VERIFY       old + new      old
 * CUTOVER      old + new      new
 * NEW_ONLY     new            new
 * </pre>
 *
 * <p>
 * Instances pick up a phase change within the refresh interval, so for a while two
 * neighbouring phases coexist. Every step is safe under that overlap: both shapes are
 * written from {@code DUAL_WRITE} to {@code CUTOVER}, so an instance that already reads
 * the new table and one that still reads the old one both see every write.
 *
 * <p>
 * Going back one phase is allowed where it is safe — {@code CUTOVER → VERIFY} (reads
 * return to the old table, which never stopped receiving writes), {@code VERIFY →
 * BACKFILL} (copy again), {@code BACKFILL → DUAL_WRITE} (stop the copy) and
 * {@code DUAL_WRITE → OLD_ONLY} (abandon) — and never from {@link #NEW_ONLY}: the old
 * table no longer receives writes there, so reading it again would serve stale data.
 *
 * <p>
 * One overlap the backfill cannot repair: while {@code OLD_ONLY} and {@code DUAL_WRITE}
 * coexist (and after abandoning back to {@code OLD_ONLY}), a row deleted by an instance
 * that writes only the old table stays in the new one. Verify reports such rows as extra
 * and refuses the cut-over until they are removed.
 */
public enum MigrationPhase {

	/** Before the migration: only the old table exists for the application. */
	OLD_ONLY(true, false, false),

	/**
	 * Every write goes to both shapes. The backfill may start only once every instance
	 * can be assumed to be here, one refresh interval (plus a margin) later.
	 */
	DUAL_WRITE(true, true, false),

	/**
	 * Both shapes are written; an admin job copies the old table into the new shape,
	 * token range by token range, with the rows' original write timestamps.
	 */
	BACKFILL(true, true, false),

	/**
	 * Both shapes are written; an admin job compares them row by row in both directions.
	 * Only a clean report allows the cut-over.
	 */
	VERIFY(true, true, false),

	/**
	 * Reads come from the new table; both shapes are still written, so going back to
	 * {@link #VERIFY} stays possible.
	 */
	CUTOVER(true, true, true),

	/**
	 * The migration is over: only the new table is written and read. The old table can be
	 * dropped by a later schema file once every instance has left {@link #CUTOVER}.
	 */
	NEW_ONLY(false, true, true);

	private final boolean writesOld;

	private final boolean writesNew;

	private final boolean readsNew;

	MigrationPhase(boolean writesOld, boolean writesNew, boolean readsNew) {
		this.writesOld = writesOld;
		this.writesNew = writesNew;
		this.readsNew = readsNew;
	}

	/**
	 * Whether a write in this phase goes to the old table.
	 * @return {@code true} from {@link #OLD_ONLY} to {@link #CUTOVER}
	 */
	public boolean writesOld() {
		return this.writesOld;
	}

	/**
	 * Whether a write in this phase goes to the new table.
	 * @return {@code true} from {@link #DUAL_WRITE} on
	 */
	public boolean writesNew() {
		return this.writesNew;
	}

	/**
	 * Whether reads in this phase come from the new table.
	 * @return {@code true} in {@link #CUTOVER} and {@link #NEW_ONLY}
	 */
	public boolean readsNew() {
		return this.readsNew;
	}

	/**
	 * The phase an advance leads to.
	 * @return the next phase, or {@code null} for {@link #NEW_ONLY}
	 */
	public MigrationPhase next() {
		return (this == NEW_ONLY) ? null : values()[ordinal() + 1];
	}

	/**
	 * The phase a rollback leads to, where going back is safe.
	 * @return the previous phase, or {@code null} for {@link #OLD_ONLY} and
	 * {@link #NEW_ONLY}
	 */
	public MigrationPhase previous() {
		return (this == OLD_ONLY || this == NEW_ONLY) ? null : values()[ordinal() - 1];
	}

}
