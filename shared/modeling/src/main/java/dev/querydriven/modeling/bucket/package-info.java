/**
 * Time buckets: the guide's Pattern 4 and Anti-Pattern 2, and the article's "Time-Series
 * Modeling Patterns". A time-ordered partition that grows forever (all of a sensor's
 * readings, all of a user's posts) eventually exceeds what Cassandra serves well, so the
 * partition key gets a time bucket ({@code (sensor_id, date, hour)},
 * {@code (user_id, month)}) and every partition stays bounded. Reads that span buckets
 * then walk the partitions one at a time, in order, stop as soon as they have enough
 * rows, and resume from a cursor (bucket + last clustering position)
 * ({@link dev.querydriven.modeling.bucket.MultiBucketReader}); the walk is bounded by a
 * known oldest instant or a per-key list of buckets, never by a run of empty buckets. The
 * article's method chooses the bucket size from the write rate
 * ({@link dev.querydriven.modeling.bucket.BucketSizeAdvisor}). Everything is UTC with
 * ASCII keys: a bucket never depends on a server's time zone or locale.
 */
package dev.querydriven.modeling.bucket;
