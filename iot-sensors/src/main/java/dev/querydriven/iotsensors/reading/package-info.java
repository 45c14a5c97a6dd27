/**
 * Raw readings: the reference guide's Example 3 and the article's time-series section.
 *
 * <p>
 * {@code sensor_data ((sensor_id, date, hour), reading_time DESC)} holds every reading,
 * one partition per sensor and UTC hour. The bucket comes from the write rate (the
 * article's method, {@link dev.querydriven.modeling.bucket.BucketSizeAdvisor}): at one
 * reading per second an hour is 3,600 rows and about 180 kB, while a day would be 86,400
 * rows. A range read (Q3 newest first, Q4 oldest first) walks the hour partitions of the
 * requested range one at a time, in order, and stops as soon as the page is full
 * ({@link dev.querydriven.modeling.bucket.MultiBucketReader}); the page cursor carries
 * the hour and the last reading time, so the next page resumes across hour and day
 * boundaries. The longest range is bounded (24 hours by default), so one page never reads
 * more than 25 partitions.
 *
 * <p>
 * Readings expire by TTL counted from their own time ({@code USING TTL} = retention −
 * age), under TimeWindowCompactionStrategy with daily windows (see
 * {@code cql/002_sensor_data.cql}). A range read starts no earlier than the retention
 * horizon (now − retention), so it never scans expired rows, which count as tombstones
 * until their day's SSTable is dropped.
 *
 * <p>
 * {@code latest_reading_by_sensor} (Q7) is one row per sensor, upserted with the
 * reading's own time as the write timestamp, so the newest reading wins whatever the
 * arrival order, without a read before the write.
 *
 * <p>
 * The feature owns the raw readings, the source of truth of every table derived from
 * them. It announces each ingestion as a
 * {@link dev.querydriven.iotsensors.reading.ReadingChange}; each derived table implements
 * the modeling library's {@link dev.querydriven.modeling.dualwrite.Copy} for it (the
 * latest reading here, the hourly rollups in their own feature), and
 * {@link dev.querydriven.iotsensors.reading.ReadingService#store} writes them all through
 * the shared dual writer once the raw rows are stored: no feature calls another feature's
 * repository.
 */
package dev.querydriven.iotsensors.reading;
