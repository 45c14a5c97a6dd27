package dev.querydriven.blogplatform.category;

import dev.querydriven.blogplatform.post.PostsByIdRow;
import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Keeps the category tables in sync with {@code posts_by_id}, in whichever tables the
 * migration's phase says (the legacy one, the bucketed one, or both: the dual write).
 *
 * <p>
 * The category is part of both tables' partition keys, so a change of category is a move:
 * the copy under the previous category is deleted and one under the new category
 * inserted, with the same timestamp. The delete is only written when the category really
 * changed ({@link DenormalizedWrite.Builder#move}): at equal timestamps a delete beats an
 * insert, so "moving" a post onto its own key would delete it.
 */
@Component
class CategoryPostCopies implements Copy<PostsByIdRow> {

	private final LegacyCategoryPostsRepository legacy;

	private final CategoryPostsRepository bucketed;

	private final CategoryRouting routing;

	CategoryPostCopies(LegacyCategoryPostsRepository legacy, CategoryPostsRepository bucketed,
			CategoryRouting routing) {
		this.legacy = legacy;
		this.bucketed = bucketed;
		this.routing = routing;
	}

	@Override
	public Mono<Void> write(DenormalizedWrite.Builder write, PostsByIdRow version) {
		return this.routing.current()
			.flatMap((tables) -> version.deleted() ? remove(write, version, tables) : copy(write, version, tables));
	}

	private Mono<Void> copy(DenormalizedWrite.Builder write, PostsByIdRow post, CategoryTables tables) {
		Mono<Void> legacy = Mono.empty();
		if (tables.writesLegacy()) {
			legacy = Mono.zip(this.legacy.delete(post.previousCategory(), post), this.legacy.insert(post))
				.doOnNext((move) -> write.move(move.getT1(), move.getT2(), post.previousCategory(), post.category()))
				.then();
		}
		Mono<Void> bucketed = Mono.empty();
		if (tables.writesBucketed()) {
			bucketed = Mono.zip(this.bucketed.delete(post.previousCategory(), post), this.bucketed.insert(post))
				.doOnNext((move) -> write.move(move.getT1(), move.getT2(), post.previousCategory(), post.category()))
				.then(this.bucketed.insertMonth(post).doOnNext(write::put))
				.then();
		}
		return legacy.then(bucketed);
	}

	private Mono<Void> remove(DenormalizedWrite.Builder write, PostsByIdRow post, CategoryTables tables) {
		Mono<Void> legacy = Mono.empty();
		if (tables.writesLegacy()) {
			legacy = this.legacy.delete(post.category(), post)
				.doOnNext(write::put)
				.then(post.moved() ? this.legacy.delete(post.previousCategory(), post).doOnNext(write::put).then()
						: Mono.empty());
		}
		Mono<Void> bucketed = Mono.empty();
		if (tables.writesBucketed()) {
			bucketed = this.bucketed.delete(post.category(), post)
				.doOnNext(write::put)
				.then(post.moved() ? this.bucketed.delete(post.previousCategory(), post).doOnNext(write::put).then()
						: Mono.empty());
		}
		return legacy.then(bucketed);
	}

}
