package dev.querydriven.blogplatform.category;

import reactor.core.publisher.Mono;

/**
 * Tells the category feature which tables to use, from the migration's current phase.
 */
public interface CategoryRouting {

	/**
	 * The tables to use now. Called once per write and once per read, so that one write
	 * (or one page) uses one consistent choice.
	 * @return the tables
	 */
	Mono<CategoryTables> current();

}
