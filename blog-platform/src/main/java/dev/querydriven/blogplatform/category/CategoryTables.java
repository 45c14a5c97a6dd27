package dev.querydriven.blogplatform.category;

/**
 * Which of the two category tables the service writes and reads right now: the legacy
 * {@code posts_by_category_v1}, the bucketed {@code posts_by_category}, or both. It
 * follows the phase of the {@code posts-by-category} migration.
 *
 * @param writesLegacy whether copies go to {@code posts_by_category_v1}
 * @param writesBucketed whether copies go to {@code posts_by_category} (and its month
 * index)
 * @param readsBucketed whether category pages are read from {@code posts_by_category}
 */
public record CategoryTables(boolean writesLegacy, boolean writesBucketed, boolean readsBucketed) {

	/** Before the migration: the legacy table only. */
	public static final CategoryTables LEGACY_ONLY = new CategoryTables(true, false, false);

	public CategoryTables {
		if (!writesLegacy && !writesBucketed) {
			throw new IllegalArgumentException("Copies must go to at least one table");
		}
		if (readsBucketed && !writesBucketed) {
			throw new IllegalArgumentException("Reads cannot come from a table that is not written");
		}
	}

}
