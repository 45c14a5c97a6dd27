/**
 * Dual writes to denormalized tables (the guide's Pattern 3, the article's
 * "Denormalization"): one logical write reaches every table holding a copy, with <b>one
 * client-side write timestamp</b> on every statement and every statement idempotent, so
 * that retries and replays converge and a later write never loses to an earlier one.
 *
 * <p>
 * Exceptions the API steers around: a lightweight transaction ({@code IF ...}) takes no
 * client timestamp (Paxos assigns one) and must not share cells with plain writes; a
 * counter update takes neither a timestamp nor a TTL, cannot be batched with other writes
 * and is not idempotent. Neither is accepted in a
 * {@link dev.querydriven.modeling.dualwrite.DenormalizedWrite}.
 */
package dev.querydriven.modeling.dualwrite;
