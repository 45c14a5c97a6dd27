/**
 * Table migrations: the article's "Migrating and Evolving Cassandra Schemas". A
 * query-first model answers a new access pattern (or a fixed partition key) with a new
 * table, and the old rows must reach it while the service keeps serving. The recipe:
 * dual-write both shapes, backfill the history, verify the copy, and only then cut reads
 * over — each step a {@link dev.querydriven.modeling.migration.MigrationPhase} stored in
 * Cassandra, so every instance routes the same way.
 *
 * <p>
 * A service describes its two shapes in a
 * {@link dev.querydriven.modeling.migration.TableMigration} and drives them with a
 * {@link dev.querydriven.modeling.migration.MigrationEngine}: the engine tells each read
 * and write where to go, guards every phase change with a lightweight transaction, and
 * runs the admin jobs — the backfill and the verify, the only full-table reads in this
 * project, done token range by token range with checkpoints.
 *
 * <p>
 * Tables (infrastructure, in the service's keyspace, created from
 * {@link dev.querydriven.modeling.migration.MigrationSchema#RESOURCE}):
 * {@code table_migrations} (one row per migration: phase, job state, lease; changed only
 * by LWTs) and {@code table_migration_ranges} (one row per token range a job finished).
 */
package dev.querydriven.modeling.migration;
