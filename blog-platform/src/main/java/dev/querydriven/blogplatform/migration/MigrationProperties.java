package dev.querydriven.blogplatform.migration;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Pacing of the table-migration engine, and the migration it runs
 * ({@code querydriven.blog-platform.migration.*}); every instance of the service must use
 * the same values.
 *
 * @param refreshInterval the oldest phase an instance routes on: it follows a phase
 * change within this time
 * @param settleMargin added to the refresh interval before a backfill may start (writes
 * in flight, clock differences)
 * @param recheckDelay how long verify waits before re-checking a mismatch (a dual write
 * may be in flight)
 * @param tokenRanges how many token ranges a backfill or verify cuts the ring into: the
 * unit of its checkpoints (a resumed job redoes at most the ranges in flight) and of its
 * progress. 256 suit a production table; the tiny tables of tests need far fewer
 * @param categoryMigration the migration of a category's posts to month buckets
 */
@ConfigurationProperties("querydriven.blog-platform.migration")
record MigrationProperties(@DefaultValue("10s") Duration refreshInterval, @DefaultValue("5s") Duration settleMargin,
		@DefaultValue("1s") Duration recheckDelay, @DefaultValue("256") int tokenRanges,
		@DefaultValue CategoryMigration categoryMigration) {

	MigrationProperties {
		if (tokenRanges < 1) {
			throw new IllegalArgumentException("querydriven.blog-platform.migration.token-ranges must be at least 1");
		}
	}

	/**
	 * The category migration ({@link PostsByCategoryMigration}).
	 *
	 * @param name the migration's name: the key of its state in {@code table_migrations}
	 * and its name in the {@code migrations} endpoint's URLs (tests give each run its
	 * own, so that runs never share a migration's state)
	 */
	record CategoryMigration(@DefaultValue(PostsByCategoryMigration.NAME) String name) {

	}

}
