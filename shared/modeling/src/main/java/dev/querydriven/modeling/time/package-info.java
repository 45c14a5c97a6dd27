/**
 * Time, from one place: a service reads instants, write timestamps (microseconds, the
 * unit Cassandra orders writes by) and time-based ids from one
 * {@link dev.querydriven.modeling.time.TimeSource} built on one {@link java.time.Clock},
 * so tests move time by moving the clock instead of sleeping.
 */
package dev.querydriven.modeling.time;
