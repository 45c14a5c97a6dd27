package dev.querydriven.blogplatform.category;

import org.springframework.stereotype.Component;

/**
 * Placeholder until the migration engine drives the phase: the legacy table only.
 */
@Component
class FixedCategoryRouting implements CategoryRouting {

	@Override
	public CategoryTables current() {
		return CategoryTables.LEGACY_ONLY;
	}

}
