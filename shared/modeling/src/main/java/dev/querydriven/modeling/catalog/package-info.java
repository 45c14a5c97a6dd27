/**
 * The access-pattern catalogue: each service declares, in code, the queries it runs (Q1,
 * Q2, ...), the table serving each, its CQL and expected order, and the sizing facts a
 * modeler writes down (distinct partition keys, rows per partition, row size, write
 * rate). Code and tests name the query they serve with
 * {@link dev.querydriven.modeling.catalog.ServesQuery}. The model check reads the
 * catalogue and the live schema and judges the model the way the reference guide's "Step
 * 4: Optimize &amp; Validate" asks.
 */
package dev.querydriven.modeling.catalog;
