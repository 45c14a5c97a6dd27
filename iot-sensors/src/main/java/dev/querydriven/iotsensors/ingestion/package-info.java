/**
 * Ingestion: readings in, one sensor per request, one reading or a batch of up to 1,000.
 *
 * <p>
 * A request is validated whole before the first write (JSON shape, values, and the time
 * window: no older than the late allowance and the retention, no further in the future
 * than the clock-skew allowance); one bad reading rejects the batch and names its index,
 * e.g. {@code readings[3].temperature}. The type {@link ValidatedReadings} is what the
 * writing side accepts, so nothing can skip that step.
 *
 * <p>
 * The write is the reading feature's (it owns the raw readings and every table derived
 * from them): readings are grouped by hour partition, each partition is written as
 * unlogged single-partition batches, a few partitions at a time (bounded concurrency),
 * and never in a multi-partition batch. Then, for the hours touched, the rollups are
 * recomputed from the raw partitions and the newest reading is offered to
 * {@code latest_reading_by_sensor}. The 202 comes once all of that is written at
 * LOCAL_QUORUM, so every accepted reading is readable. Every statement is an idempotent
 * upsert: a client may retry a failed request as is.
 */
package dev.querydriven.iotsensors.ingestion;
