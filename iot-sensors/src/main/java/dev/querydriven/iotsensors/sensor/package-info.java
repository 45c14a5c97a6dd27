/**
 * The sensor registry: which sensors exist, on which site, sampling how often.
 *
 * <p>
 * Two tables answer its two questions (the guide's "one table per query"):
 * {@code sensors_by_id} (Q1, a one-row partition per sensor, read on every ingestion
 * request because readings of unknown sensors are rejected) and {@code sensors_by_site}
 * (Q2, the site is the partition, sensors cluster by id for paging). A registration
 * writes both copies as one {@link dev.querydriven.modeling.dualwrite.DenormalizedWrite}
 * with one client timestamp. A registration is immutable: registering the same sensor
 * again with the same attributes changes nothing, with other attributes it is refused
 * (409), so a copy never has to move from one site's partition to another.
 */
package dev.querydriven.iotsensors.sensor;
