package dev.querydriven.embeddedcassandra;

/**
 * How strictly a node enforces the modeling rules the reference texts teach. Guardrails
 * bind non-superuser roles only; applications connect as such a role.
 */
public enum Guardrails {

	/**
	 * The default: no {@code ALLOW FILTERING}, no secondary indexes or materialized
	 * views, no read-before-write list operations, few partitions per {@code IN},
	 * warnings for large partitions, collections and far-future timestamps.
	 */
	ENFORCED,

	/**
	 * For tools that load anti-patterns on purpose (benchmarks, the model checker): the
	 * same warnings, but the refusals are lifted and the experimental SASI and
	 * materialized-view features are switched on so that such schemas load and can be
	 * reported.
	 */
	RELAXED

}
