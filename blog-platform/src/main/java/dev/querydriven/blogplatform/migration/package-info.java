/**
 * The live migration of a category's posts (the article's "Migrating and Evolving
 * Cassandra Schemas"), in one package: the legacy {@code posts_by_category_v1} (Q4),
 * keyed by the category alone, moves to {@code posts_by_category} (Q5), keyed by
 * {@code (category, month)}, while the service keeps serving.
 *
 * <ul>
 * <li>{@link dev.querydriven.blogplatform.migration.PostsByCategoryMigration}: the two
 * shapes as the shared {@link dev.querydriven.tablemigration.MigrationEngine} sees them
 * (token-range scans, lookups, the copy of a legacy row with its own write
 * timestamp);</li>
 * <li>{@link dev.querydriven.blogplatform.migration.MigrationCategoryRouting}: the phase
 * turned into the tables the category feature writes (old, both, new) and reads (old,
 * new);</li>
 * <li>{@link dev.querydriven.blogplatform.migration.MigrationConfiguration}: the engine,
 * built from every {@link dev.querydriven.tablemigration.TableMigration} of the service,
 * with its pacing ({@code querydriven.blog-platform.migration.*});</li>
 * <li>{@link dev.querydriven.blogplatform.migration.MigrationsEndpoint}: the
 * {@code migrations} actuator endpoint, on the management port, that shows a migration's
 * phase, backfill progress and verify report and drives each transition.</li>
 * </ul>
 *
 * <p>
 * <b>Why here, and not in the category feature.</b> A migration is temporary: once it
 * reaches {@code NEW_ONLY}, its code has done its work. Kept together, the recipe reads
 * in one place, and the category feature stays what it is after the migration too: a
 * category's posts, read and written through
 * {@link dev.querydriven.blogplatform.category.CategoryRouting}, which says which tables
 * to use and knows nothing of phases. The dependency goes one way, from the migration to
 * the feature it moves (as the copies of a post depend on the post feature, never the
 * reverse); retiring the migration means a fixed routing to the new table and this
 * package deleted, the legacy table dropped by the next schema file.
 *
 * <p>
 * Who drives a migration: an operator, through actuator on the management port, where
 * only callers with the {@code admin} role get past the health check; the API's port
 * serves nothing of it. The engine's guards refuse every unsafe step whoever asks.
 */
package dev.querydriven.blogplatform.migration;
