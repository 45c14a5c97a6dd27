package dev.querydriven.modeling.dualwrite;

/**
 * What one reconciliation pass did.
 *
 * @param repaired repairs whose every statement is now applied
 * @param stillPending repairs that failed again transiently and stay queued
 * @param abandoned repairs dropped because they failed for a reason a replay cannot fix
 * (a missing table, an invalid query): logged with their statements for an operator
 */
public record ReconcileReport(int repaired, int stillPending, int abandoned) {

}
