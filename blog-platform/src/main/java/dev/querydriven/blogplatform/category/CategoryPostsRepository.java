package dev.querydriven.blogplatform.category;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.blogplatform.post.PostPosition;
import dev.querydriven.blogplatform.post.PostsByIdRow;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.bucket.Bucket;
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
 * The bucketed {@code posts_by_category} (Q5) and its bucket index
 * {@code category_months} (Q8). Every read restricts the full partition key.
 *
 * <p>
 * Consistency: reads at {@code LOCAL_ONE} (browsing a category tolerates a post appearing
 * a moment late); copies at {@code LOCAL_QUORUM}, like every copy of a post.
 */
@Repository
class CategoryPostsRepository {

	/**
	 * The next page of a category's month: strictly after the last row read, compared on
	 * the whole clustering key (a tuple comparison, which Spring Data's {@code Criteria}
	 * cannot say). Catalogued with Q5.
	 */
	private static final String NEXT_PAGE = "SELECT * FROM posts_by_category "
			+ "WHERE category = ? AND month = ? AND (created_at, post_id) < (?, ?) LIMIT ?";

	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_ONE)
		.idempotent(true)
		.build();

	private static final WriteOptions COPY = WriteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.build();

	private final ReactiveCassandraOperations template;

	private final EntityStatements statements;

	CategoryPostsRepository(ReactiveCassandraOperations template, EntityStatements statements) {
		this.template = template;
		this.statements = statements;
	}

	/**
	 * The posts of one category in one month, newest first: one bounded partition.
	 * @param category the category
	 * @param month the month bucket
	 * @param after where the previous page stopped in this month, or {@code null}
	 * @param limit the most rows to read
	 * @return the rows, newest first
	 */
	@ServesQuery("Q5")
	Flux<PostsByCategoryRow> findLatestInMonth(String category, Bucket month, PostPosition after, int limit) {
		if (after == null) {
			return this.template.select(Query.query(where("category").is(category), where("month").is(month.key()))
				.limit(limit)
				.queryOptions(READ), PostsByCategoryRow.class);
		}
		SimpleStatement next = SimpleStatement
			.newInstance(NEXT_PAGE, category, month.key(), after.createdAt(), after.postId(), limit)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_ONE)
			.setIdempotent(true);
		return this.template.select(next, PostsByCategoryRow.class);
	}

	/**
	 * The months in which a category has (or had) posts, newest first: the exact list of
	 * buckets a category read walks. One small partition (twelve rows a year).
	 * @param category the category
	 * @return the month buckets, newest first
	 */
	@ServesQuery("Q8")
	Flux<Bucket> findMonths(String category) {
		return this.template
			.select(Query.query(where("category").is(category)).queryOptions(READ), CategoryMonthsRow.class)
			.map((row) -> Bucket.parse(PostsByCategoryRow.GRANULARITY, row.month()));
	}

	/**
	 * The copy of a post version under its category, in its month (for a dual write).
	 * @param post the version
	 * @return the statement
	 */
	Mono<BoundStatement> insert(PostsByIdRow post) {
		return this.statements.insert(PostsByCategoryRow.of(post.category(), post), COPY);
	}

	/**
	 * The removal of a post's copy under a category (for a dual write).
	 * @param category the category it lives under
	 * @param post the post
	 * @return the statement
	 */
	Mono<BoundStatement> delete(String category, PostsByIdRow post) {
		return this.statements.delete(PostsByCategoryRow.of(category, post), COPY);
	}

	/**
	 * The month of a post version in its category's bucket index (for a dual write).
	 * @param post the version
	 * @return the statement
	 */
	Mono<BoundStatement> insertMonth(PostsByIdRow post) {
		return this.statements
			.insert(new CategoryMonthsRow(post.category(), PostsByCategoryRow.month(post.createdAt())), COPY);
	}

}
