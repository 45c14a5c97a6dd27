/**
 * Table migrations: the article's "Migrating and Evolving Cassandra Schemas". A
 * query-first model answers a new access pattern (or a fixed partition key) with a new
 * table, and the old rows must reach it while the service keeps serving. The recipe:
 * dual-write both shapes, backfill the history, verify the copy, and only then cut reads
 * over — each step a {@link dev.querydriven.tablemigration.MigrationPhase} stored in
 * Cassandra, so every instance routes the same way.
 *
 * <p>
 * A service describes its two shapes in a
 * {@link dev.querydriven.tablemigration.TableMigration} and drives them with a
 * {@link dev.querydriven.tablemigration.MigrationEngine}: the engine tells each read and
 * write where to go, guards every phase change with a lightweight transaction, and runs
 * the admin jobs — the backfill and the verify, the only full-table reads in this
 * project, done token range by token range with checkpoints.
 *
 * <p>
 * Tables (infrastructure, in the service's keyspace, created from
 * {@link dev.querydriven.tablemigration.MigrationSchema#RESOURCE}):
 * {@code table_migrations} (one row per migration: phase, job state, lease; changed only
 * by LWTs) and {@code table_migration_ranges} (one row per token range a job finished).
 *
 * <p>
 * A module of its own: a migration is an occasional event in a service's life, not a
 * pattern every service runs, so only a service that migrates a table depends on it (and
 * on its state tables). It needs nothing but the driver and Reactor; the service writes
 * the two shapes of a dual write with its own writer.
 */
package dev.querydriven.tablemigration;
