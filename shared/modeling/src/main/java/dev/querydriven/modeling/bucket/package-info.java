/**
 * Time buckets: the guide's Pattern 4 and Anti-Pattern 2. A time-ordered partition that
 * grows forever (all of a sensor's readings, all of a user's posts) eventually exceeds
 * what Cassandra serves well, so the partition key gets a time bucket
 * ({@code (sensor_id, date, hour)}, {@code (user_id, month)}) and every partition stays
 * bounded. Reads that span buckets then walk the partitions one at a time, in order, and
 * stop as soon as they have enough rows
 * ({@link dev.querydriven.modeling.bucket.MultiBucketReader}); the article's method
 * chooses the bucket size from the write rate
 * ({@link dev.querydriven.modeling.bucket.BucketSizeAdvisor}). Everything is UTC: a
 * bucket never depends on a server's time zone.
 */
package dev.querydriven.modeling.bucket;
