package dev.querydriven.blogplatform.category;

import java.util.ArrayList;
import java.util.List;

import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.blogplatform.post.PostCopies;
import dev.querydriven.blogplatform.post.PostsByIdRow;
import reactor.core.publisher.Flux;

import org.springframework.stereotype.Component;

/**
 * Keeps the category tables in sync with {@code posts_by_id}, in whichever tables the
 * migration's phase says (the legacy one, the bucketed one, or both: the dual write).
 *
 * <p>
 * The category is part of both tables' partition keys, so a change of category is a move:
 * the copy under the previous category is deleted and one under the new category
 * inserted, with the same timestamp. The delete is only written when the category really
 * changed: at equal timestamps a delete beats an insert, so "moving" a post onto its own
 * key would delete it.
 */
@Component
class CategoryPostCopies implements PostCopies {

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
	public Flux<Statement<?>> write(PostsByIdRow post) {
		return this.routing.current().flatMapIterable((tables) -> write(post, tables));
	}

	@Override
	public Flux<Statement<?>> remove(PostsByIdRow post) {
		return this.routing.current().flatMapIterable((tables) -> remove(post, tables));
	}

	private List<Statement<?>> write(PostsByIdRow post, CategoryTables tables) {
		List<Statement<?>> statements = new ArrayList<>();
		if (tables.writesLegacy()) {
			if (post.moved()) {
				statements.add(this.legacy.delete(post.previousCategory(), post));
			}
			statements.add(this.legacy.insert(post));
		}
		if (tables.writesBucketed()) {
			if (post.moved()) {
				statements.add(this.bucketed.delete(post.previousCategory(), post));
			}
			statements.add(this.bucketed.insert(post));
			statements.add(this.bucketed.insertMonth(post.category(), post.createdAt()));
		}
		return statements;
	}

	private List<Statement<?>> remove(PostsByIdRow post, CategoryTables tables) {
		List<Statement<?>> statements = new ArrayList<>();
		if (tables.writesLegacy()) {
			statements.add(this.legacy.delete(post.category(), post));
			if (post.moved()) {
				statements.add(this.legacy.delete(post.previousCategory(), post));
			}
		}
		if (tables.writesBucketed()) {
			statements.add(this.bucketed.delete(post.category(), post));
			if (post.moved()) {
				statements.add(this.bucketed.delete(post.previousCategory(), post));
			}
		}
		return statements;
	}

}
