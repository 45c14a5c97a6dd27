/**
 * The Cassandra data-modeling patterns the four services share, each a small reactive API
 * whose documentation teaches the pattern: time buckets, dual writes to denormalized
 * tables and one source of time, wired into a Spring Boot service by an optional
 * auto-configuration. Nothing here knows about any one service.
 *
 * <p>
 * This package holds {@link dev.querydriven.modeling.ServesQuery}, the one piece of the
 * access-pattern catalogue that main code carries. Patterns that serve one service or
 * happen once live where they are used: fan-out on write in social-feed's timeline, live
 * table migrations in their own module ({@code shared/table-migration}), and the
 * catalogue in the model check, read by tests only.
 */
package dev.querydriven.modeling;
