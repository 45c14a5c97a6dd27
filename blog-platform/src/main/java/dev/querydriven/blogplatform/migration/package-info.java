/**
 * The admin side of the service's table migrations: the shared
 * {@link dev.querydriven.modeling.migration.MigrationEngine}, built from every
 * {@link dev.querydriven.modeling.migration.TableMigration} the features declare (the
 * category feature's {@code posts-by-category}), and the endpoints that show a
 * migration's phase, backfill progress and verify report and drive each transition.
 *
 * <p>
 * Admin endpoints: in production they belong behind authentication (this reference
 * service has none), and the engine's guards refuse every unsafe step whoever asks.
 */
package dev.querydriven.blogplatform.migration;
