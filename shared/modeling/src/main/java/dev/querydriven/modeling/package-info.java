/**
 * The Cassandra data-modeling patterns the four services share, each a small reactive API
 * whose documentation teaches the pattern: time buckets, dual writes to denormalized
 * tables, fan-out on write, and live table migrations. Nothing here knows about any one
 * service.
 */
package dev.querydriven.modeling;
