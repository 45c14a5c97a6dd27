package dev.querydriven.benchmarks.peer;

import java.time.Instant;
import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import reactor.core.publisher.Mono;

import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * blog-platform's post and view count, both public (no token is read):
 * <ul>
 * <li>{@code GET /posts/{postId}}: the post ({@code LOCAL_QUORUM}) and its view counter
 * ({@code ONE}: a displayed count may lag), read at once, as the service zips them;</li>
 * <li>{@code POST /posts/{postId}/views}: the post must exist, then its counter goes up
 * by one ({@code ONE}, and not idempotent: a counter increment that timed out may have
 * been applied, so the driver must never retry it).</li>
 * </ul>
 * A post being deleted reads as gone (404), as in the service.
 */
final class BlogPeer {

	/** The post read. */
	static final String POST = "blog-platform/post";

	/** The view count. */
	static final String VIEW = "blog-platform/view";

	/** The texts Spring Data renders for the service's entity queries. */
	static final String POST_BY_ID = "SELECT * FROM posts_by_id WHERE post_id=?";

	static final String VIEWS = "SELECT * FROM post_views WHERE post_id=?";

	static final String INCREMENT = "UPDATE post_views SET views=views+? WHERE post_id=?";

	private final CqlSession session;

	private final PreparedStatement postById;

	private final PreparedStatement views;

	private final PreparedStatement increment;

	/**
	 * Prepares the three statements once, each with the consistency and idempotence its
	 * bound statements inherit.
	 * @param session the session, in the service's keyspace
	 */
	BlogPeer(CqlSession session) {
		this.session = session;
		this.postById = session.prepare(SimpleStatement.newInstance(POST_BY_ID)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true));
		this.views = session
			.prepare(SimpleStatement.newInstance(VIEWS).setConsistencyLevel(ConsistencyLevel.ONE).setIdempotent(true));
		this.increment = session.prepare(
				SimpleStatement.newInstance(INCREMENT).setConsistencyLevel(ConsistencyLevel.ONE).setIdempotent(false));
	}

	/**
	 * The routes.
	 * @return {@code GET /posts/{postId}} and {@code POST /posts/{postId}/views}
	 */
	RouterFunction<ServerResponse> routes() {
		return RouterFunctions.route(RequestPredicates.GET("/posts/{postId}"), this::find)
			.andRoute(RequestPredicates.POST("/posts/{postId}/views"), this::view);
	}

	private Mono<ServerResponse> find(ServerRequest request) {
		UUID postId;
		try {
			postId = Parameters.uuid("postId", request.pathVariable("postId"));
		}
		catch (Parameters.Invalid ex) {
			return ex.response();
		}
		// Both reads leave at once; a missing post empties the zip, which cancels the
		// counter's read.
		return Mono.zip(existing(postId), viewsOf(postId))
			.flatMap((post) -> ServerResponse.ok()
				.contentType(MediaType.APPLICATION_JSON)
				.bodyValue(Post.of(post.getT1(), post.getT2())))
			.switchIfEmpty(Mono.defer(() -> Problem.notFound("No post " + postId)));
	}

	private Mono<ServerResponse> view(ServerRequest request) {
		UUID postId;
		try {
			postId = Parameters.uuid("postId", request.pathVariable("postId"));
		}
		catch (Parameters.Invalid ex) {
			return ex.response();
		}
		return existing(postId)
			.flatMap((post) -> execute(this.increment.bind(1L, postId)).then(ServerResponse.noContent().build()))
			.switchIfEmpty(Mono.defer(() -> Problem.notFound("No post " + postId)));
	}

	/** The post's row, or empty when there is none or it is being deleted. */
	private Mono<Row> existing(UUID postId) {
		return execute(this.postById.bind(postId)).mapNotNull(AsyncResultSet::one)
			.filter((row) -> !row.getBoolean("deleted"));
	}

	/** The counter, 0 when no view was counted yet. */
	private Mono<Long> viewsOf(UUID postId) {
		return execute(this.views.bind(postId)).map((rows) -> {
			Row row = rows.one();
			return (row != null) ? row.getLong("views") : 0L;
		});
	}

	private Mono<AsyncResultSet> execute(BoundStatement statement) {
		return Mono.fromCompletionStage(() -> this.session.executeAsync(statement));
	}

	/**
	 * A post as the service answers it (its {@code PostResponse}).
	 *
	 * @param id the post
	 * @param authorId its author
	 * @param title its title
	 * @param body its body
	 * @param category its category
	 * @param createdAt when it was published
	 * @param views how many times it was viewed (approximate)
	 */
	record Post(UUID id, UUID authorId, String title, String body, String category, Instant createdAt, long views) {

		/**
		 * Reads the post's columns as the service's row reader does.
		 * @param row a {@code posts_by_id} row
		 * @param views the counter's value
		 * @return the post
		 */
		static Post of(Row row, long views) {
			return new Post(row.getUuid("post_id"), row.getUuid("author_id"), row.getString("title"),
					row.getString("body"), row.getString("category"), row.getInstant("created_at"), views);
		}

	}

}
