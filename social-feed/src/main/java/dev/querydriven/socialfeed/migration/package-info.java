/**
 * The service's two backfills, run by the shared
 * {@link dev.querydriven.tablemigration.MigrationEngine} (token-range scans with a
 * checkpoint per range, so a job resumes where it stopped; progress and a verify both
 * ways), in one package, since each is temporary: once it reached {@code NEW_ONLY} its
 * code has done its work.
 *
 * <ul>
 * <li>{@link dev.querydriven.socialfeed.migration.FollowerShardsMigration}
 * ({@code follower-shards}): rebuilds every follower list in
 * {@code followers_by_user_shard} from {@code following_by_user}, for a database that ran
 * the schema's old step 007 (which dropped the lists) or comes from step 006 (whose lists
 * are in the unsharded {@code followers_by_user}, kept until the rebuild verified);</li>
 * <li>{@link dev.querydriven.socialfeed.migration.LikesByUserMigration}
 * ({@code likes-by-user}): copies every like of {@code post_likers} into
 * {@code likes_by_user}, the likes keyed by liker that an erasure reads;</li>
 * <li>{@link dev.querydriven.socialfeed.migration.BackfillAutopilot}: drives both to
 * their end from the service's start, through the engine's guards
 * ({@code querydriven.social-feed.migration.auto-run}, on by default);</li>
 * <li>{@link dev.querydriven.socialfeed.migration.MigrationsEndpoint}: the
 * {@code migrations} actuator endpoint, on the management port and for the {@code admin}
 * role only, that shows each backfill's phase, progress and verify report and drives it
 * by hand;</li>
 * <li>{@link dev.querydriven.socialfeed.migration.MigrationConfiguration}: the engine,
 * and the opt-in drop of {@code followers_by_user} once the rebuild is over.</li>
 * </ul>
 *
 * <p>
 * <b>Not the blog's recipe, the same engine.</b> The blog moves a query from one table to
 * another, so its phases route reads and writes. Here the request path writes both tables
 * of each backfill from the start (a follow writes its follower row, a like its copy),
 * and the query each copy serves reads it: the phases only pace the jobs
 * ({@code DUAL_WRITE} holds at once, {@code BACKFILL} copies, {@code VERIFY} compares,
 * {@code CUTOVER} and {@code NEW_ONLY} mark the end). The dependency goes one way, from
 * this package to the features whose tables it fills.
 */
package dev.querydriven.socialfeed.migration;
