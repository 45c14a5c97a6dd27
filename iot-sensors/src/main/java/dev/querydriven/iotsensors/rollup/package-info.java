/**
 * Hourly rollups: count, minimum, maximum and average of each metric per sensor and hour,
 * for charts over weeks that raw readings cannot serve cheaply (a 31-day chart reads 31
 * small partitions instead of 744 hour partitions of up to 3,600 rows).
 *
 * <p>
 * {@code hourly_rollups_by_sensor ((sensor_id, date), hour_start)} is bucketed by UTC day
 * (24 rows per partition) and kept a year, far longer than the raw data. A rollup is
 * never incremented: after each ingestion, every hour it touched is recomputed from its
 * raw partition ({@link dev.querydriven.iotsensors.rollup.HourlyRollupCopy}, this table's
 * copy of a {@link dev.querydriven.iotsensors.reading.ReadingChange}) with one aggregate
 * query that Cassandra answers within that partition (Q5), and the result is upserted
 * whole. Duplicates (an upsert of the same raw row) and late readings (a row added to an
 * old hour) therefore never skew it. Counters could not do this: they hold sums only (no
 * minimum or maximum), take no TTL, and count a replayed reading twice, since a counter
 * update is not idempotent.
 *
 * <p>
 * Concurrent recomputes of one hour are ordered by the moment they read: each upsert
 * carries {@code USING TIMESTAMP} = the start of its read, so the rollup computed from
 * the later read (which saw every reading acknowledged before it) wins, whatever order
 * the upserts arrive in.
 */
package dev.querydriven.iotsensors.rollup;
