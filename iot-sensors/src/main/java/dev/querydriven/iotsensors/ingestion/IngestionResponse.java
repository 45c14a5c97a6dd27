package dev.querydriven.iotsensors.ingestion;

/**
 * The 202 answer of an ingestion: every accepted reading is written and readable.
 *
 * @param accepted the readings of the request, duplicates included
 * @param partitions the hour partitions written
 */
record IngestionResponse(int accepted, int partitions) {

}
