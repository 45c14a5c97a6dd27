/**
 * The model check: the reference guide's "Step 4: Optimize &amp; Validate" checklist
 * ("Each query touches one partition? Partitions &lt; 100MB? Data distributed evenly? No
 * hot partitions? Write patterns sustainable?"), automated against the live schema of a
 * real node. {@link dev.querydriven.modelcheck.ModelCheck} judges a service's
 * {@link dev.querydriven.modelcheck.catalog.QueryCatalog}; the pure arithmetic lives in
 * {@link dev.querydriven.modelcheck.PartitionEstimate} (Chebotko's partition-size
 * formula) and {@code RingSimulation} (Murmur3 token ownership).
 */
package dev.querydriven.modelcheck;
