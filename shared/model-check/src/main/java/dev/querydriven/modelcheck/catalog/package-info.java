/**
 * The access-pattern catalogue: each service declares, in code, the queries it runs (Q1,
 * Q2, ...), the table serving each, its CQL and expected order, and the sizing facts a
 * modeler writes down (distinct partition keys, rows per partition, row size, write
 * rate). Code and tests name the query they serve with
 * {@link dev.querydriven.modeling.ServesQuery}. The model check reads the catalogue and
 * the live schema and judges the model the way the reference guide's "Step 4: Optimize
 * &amp; Validate" asks.
 *
 * <p>
 * A catalogue is a test-time artefact: a service keeps its catalogue among its tests,
 * where the catalogue test, the partition-budget test and the model check read it, and
 * its main code carries only the {@code @ServesQuery} ids. The catalogue lives here, with
 * the check that judges it, rather than in the modeling library, which the services ship.
 */
package dev.querydriven.modelcheck.catalog;
