package dev.querydriven.blogplatform.migration;

import dev.querydriven.blogplatform.category.CategoryRouting;
import dev.querydriven.blogplatform.category.CategoryTables;
import dev.querydriven.tablemigration.MigrationEngine;
import dev.querydriven.tablemigration.MigrationPhase;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Routes the category feature by the phase of the {@code posts-by-category} migration, as
 * the engine's view of it says (never older than its refresh interval, so every instance
 * follows a phase change within that time).
 *
 * <pre>
 * phase        copies go to                       pages come from
 * OLD_ONLY     posts_by_category_v1               posts_by_category_v1
 * DUAL_WRITE   both (and the month index)         posts_by_category_v1
 * BACKFILL     both                               posts_by_category_v1
 * VERIFY       both                               posts_by_category_v1
 * CUTOVER      both                               posts_by_category (month walk)
 * NEW_ONLY     posts_by_category                  posts_by_category
 * </pre>
 */
@Component
class MigrationCategoryRouting implements CategoryRouting {

	private final MigrationEngine migrations;

	private final String name;

	MigrationCategoryRouting(MigrationEngine migrations, PostsByCategoryMigration migration) {
		this.migrations = migrations;
		this.name = migration.name();
	}

	@Override
	public Mono<CategoryTables> current() {
		return this.migrations.phase(this.name).map(MigrationCategoryRouting::tables);
	}

	static CategoryTables tables(MigrationPhase phase) {
		return new CategoryTables(phase.writesOld(), phase.writesNew(), phase.readsNew());
	}

}
