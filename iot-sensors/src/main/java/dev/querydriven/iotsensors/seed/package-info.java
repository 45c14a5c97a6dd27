/**
 * Demo data: a simulator of N sensors on M sites producing readings at a fixed sampling
 * interval over a period, written through the same validation and ingestion path as the
 * HTTP API (so the rollups and latest readings follow). It is the dev-run seeder and is
 * meant to be driven by a benchmark too. Re-running it changes nothing: sensor and site
 * ids derive from their number, reading times sit on the sampling grid and values derive
 * from the sensor and the time, so every reading is an upsert of the same row.
 */
package dev.querydriven.iotsensors.seed;
