package dev.querydriven.iotsensors.ingestion;

/**
 * What an ingestion wrote.
 *
 * @param accepted the readings of the request, duplicates included
 * @param partitions the hour partitions written (and rollups recomputed)
 */
public record IngestionResult(int accepted, int partitions) {

}
