package dev.querydriven.blogplatform.category;

import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Placeholder until the migration engine drives the phase: the legacy table only.
 */
@Component
class FixedCategoryRouting implements CategoryRouting {

	@Override
	public Mono<CategoryTables> current() {
		return Mono.just(CategoryTables.LEGACY_ONLY);
	}

}
