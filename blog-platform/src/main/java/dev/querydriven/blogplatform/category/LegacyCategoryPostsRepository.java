package dev.querydriven.blogplatform.category;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.blogplatform.post.PostPosition;
import dev.querydriven.blogplatform.post.PostsByIdRow;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.spring.EntityStatements;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.cql.WriteOptions;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

/**
 * The legacy {@code posts_by_category_v1} (Q4): one partition per category, growing
 * forever. Kept on purpose as the "before" of the migration showcase.
 *
 * <p>
 * Consistency: reads at {@code LOCAL_ONE} (browsing a category tolerates a post appearing
 * a moment late); copies at {@code LOCAL_QUORUM}, like every copy of a post.
 */
@Repository
class LegacyCategoryPostsRepository {

	/**
	 * The next page of a category: strictly after the last row read, compared on the
	 * whole clustering key (a tuple comparison, which Spring Data's {@code Criteria}
	 * cannot say). Catalogued with Q4.
	 */
	private static final String NEXT_PAGE = "SELECT * FROM posts_by_category_v1 "
			+ "WHERE category = ? AND (created_at, post_id) < (?, ?) LIMIT ?";

	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_ONE)
		.idempotent(true)
		.build();

	private static final WriteOptions COPY = WriteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.build();

	private final ReactiveCassandraOperations template;

	private final EntityStatements statements;

	LegacyCategoryPostsRepository(ReactiveCassandraOperations template, EntityStatements statements) {
		this.template = template;
		this.statements = statements;
	}

	/**
	 * A category's posts, newest first: one partition, but a partition holding every post
	 * the category ever had.
	 * @param category the category
	 * @param after where the previous page stopped, or {@code null}
	 * @param limit the most rows to read
	 * @return the rows, newest first
	 */
	@ServesQuery("Q4")
	Flux<PostsByCategoryV1Row> findLatestByCategory(String category, PostPosition after, int limit) {
		if (after == null) {
			return this.template.select(Query.query(where("category").is(category)).limit(limit).queryOptions(READ),
					PostsByCategoryV1Row.class);
		}
		SimpleStatement next = SimpleStatement
			.newInstance(NEXT_PAGE, category, after.createdAt(), after.postId(), limit)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_ONE)
			.setIdempotent(true);
		return this.template.select(next, PostsByCategoryV1Row.class);
	}

	/**
	 * The copy of a post version under its category (for a dual write).
	 * @param post the version
	 * @return the statement
	 */
	Mono<BoundStatement> insert(PostsByIdRow post) {
		return this.statements.insert(PostsByCategoryV1Row.of(post.category(), post), COPY);
	}

	/**
	 * The removal of a post's copy under a category (for a dual write).
	 * @param category the category it lives under
	 * @param post the post
	 * @return the statement
	 */
	Mono<BoundStatement> delete(String category, PostsByIdRow post) {
		return this.statements.delete(PostsByCategoryV1Row.of(category, post), COPY);
	}

}
