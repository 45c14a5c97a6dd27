/**
 * Dual writes to denormalized tables (the guide's Pattern 3 "Multiple Access Patterns
 * (Duplication)", the article's "Denormalization: Embracing Duplication"): one logical
 * write reaches every table holding a copy, so that each query reads one partition of one
 * table.
 *
 * <p>
 * The copies stay consistent because every statement of a
 * {@link dev.querydriven.modeling.dualwrite.DenormalizedWrite} carries <b>one client-side
 * write timestamp</b> and is <b>idempotent</b>: Cassandra keeps, per cell, the value with
 * the highest timestamp, so retries and replays write exactly the same cells and a later
 * write never loses to an earlier one, in any table.
 * {@link dev.querydriven.modeling.dualwrite.DualWriter} executes the write as a logged
 * batch (eventually all-or-nothing, small payloads only) or as bounded parallel writes
 * with transient-only retries
 * ({@link dev.querydriven.modeling.dualwrite.TransientFailures}) and a
 * {@link dev.querydriven.modeling.dualwrite.Reconciler} for the rare partial failure that
 * outlives them.
 *
 * <p>
 * {@link dev.querydriven.modeling.dualwrite.WriteRules} refuses, before anything is
 * written, what cannot share that timestamp or be replayed: lightweight transactions
 * (Paxos assigns their timestamp; run them first, with
 * {@link dev.querydriven.modeling.dualwrite.DualWriter#executeIfApplied}), counter
 * updates (no timestamp, no TTL, not idempotent: counts are approximate), list appends,
 * {@code USING TIMESTAMP}, and unset or null key values. A change of a key column is a
 * move (delete old, insert new) where a delete beats an insert at equal timestamps and
 * concurrent moves of one item are serialised by a version check on the source of truth.
 *
 * <p>
 * Until every copy is written, readers of different tables may see different versions
 * (the article's "Read Patterns and Consistency Levels"): the consistency level of each
 * read decides how long.
 */
package dev.querydriven.modeling.dualwrite;
