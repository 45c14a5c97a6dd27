/**
 * Sizing: the article's method for choosing a bucket size, exposed and checked.
 *
 * <p>
 * {@code GET /buckets/advice} runs the shared
 * {@link dev.querydriven.modeling.bucket.BucketSizeAdvisor} for any write rate and row
 * size: the coarsest bucket whose partitions stay under 50,000 rows and 10 MB. At startup
 * the service logs the advice for its configured sampling rate next to the bucket
 * {@code sensor_data} actually uses (hourly), and warns when they disagree or when the
 * tables' {@code default_time_to_live} no longer matches the configured retentions (table
 * options live in the CQL files, the retentions in configuration).
 */
package dev.querydriven.iotsensors.sizing;
