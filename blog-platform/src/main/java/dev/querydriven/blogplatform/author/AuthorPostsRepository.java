package dev.querydriven.blogplatform.author;

import java.util.UUID;

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
 * {@code posts_by_author}: an author's posts, newest first (Q2). Every read restricts the
 * full partition key, the author.
 *
 * <p>
 * Consistency: {@code LOCAL_QUORUM} reads and writes: authors open their list right after
 * publishing or editing, and a quorum read after a quorum write always sees it.
 */
@Repository
class AuthorPostsRepository {

	/**
	 * The next page of an author's posts: strictly after the last row read, compared on
	 * the whole clustering key, so posts sharing a publication time are neither skipped
	 * nor repeated. Spring Data's {@code Criteria} cannot say a tuple comparison; the
	 * template runs this text (prepared once) and maps the rows to the entity. Catalogued
	 * with Q2.
	 */
	private static final String NEXT_PAGE = "SELECT * FROM posts_by_author "
			+ "WHERE author_id = ? AND (created_at, post_id) < (?, ?) LIMIT ?";

	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	private static final WriteOptions COPY = WriteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.build();

	private final ReactiveCassandraOperations template;

	private final EntityStatements statements;

	AuthorPostsRepository(ReactiveCassandraOperations template, EntityStatements statements) {
		this.template = template;
		this.statements = statements;
	}

	/**
	 * An author's posts, newest first, from one partition.
	 * @param authorId the author
	 * @param after where the previous page stopped, or {@code null} for the first page
	 * @param limit the most rows to read
	 * @return the rows, newest first
	 */
	@ServesQuery("Q2")
	Flux<PostsByAuthorRow> findLatestByAuthor(UUID authorId, PostPosition after, int limit) {
		if (after == null) {
			return this.template.select(Query.query(where("authorId").is(authorId)).limit(limit).queryOptions(READ),
					PostsByAuthorRow.class);
		}
		SimpleStatement next = SimpleStatement
			.newInstance(NEXT_PAGE, authorId, after.createdAt(), after.postId(), limit)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true);
		return this.template.select(next, PostsByAuthorRow.class);
	}

	/**
	 * The copy of a post version (an upsert: a new title overwrites the old one), for the
	 * post's denormalized write.
	 * @param post the version
	 * @return the statement
	 */
	Mono<BoundStatement> insert(PostsByIdRow post) {
		return this.statements.insert(PostsByAuthorRow.of(post), COPY);
	}

	/**
	 * The removal of a post's copy, for the post's denormalized write.
	 * @param post the post
	 * @return the statement
	 */
	Mono<BoundStatement> delete(PostsByIdRow post) {
		return this.statements.delete(PostsByAuthorRow.of(post), COPY);
	}

}
