package dev.querydriven.benchmarks.peer;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.http.MediaType;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ServerWebInputException;

/**
 * social-feed's publish, {@code POST /users/{userId}/posts} with {@code {"content":
 * ...}}, by the user themselves: a 201 with the post (and its {@code Location}) once it
 * is in every follower's timeline.
 *
 * <p>
 * The statements, in the service's stages, every one at {@code LOCAL_QUORUM}:
 * <ol>
 * <li>the author's profile ({@code users_by_id}; an unknown author is a 404), then the
 * post by its new id ({@code posts_by_id}: a post already there is written again as it
 * is, which is how the service answers a keyed retry);</li>
 * <li>the change's write intent ({@code write_intents}), before the first write;</li>
 * <li>the source, {@code posts_by_id}; then its lists, at once: {@code posts_by_user},
 * and per hashtag {@code posts_by_hashtag} and {@code hashtag_days}. All with one client
 * timestamp, the post's time in microseconds, so that a replay writes the same
 * cells;</li>
 * <li>the fan-out: whether the author is high-fanout ({@code high_fanout_authors}: their
 * posts are pulled at read time, nothing is fanned out), the follower count that numbers
 * the follower shards ({@code follower_counts}), every follower, shard after shard
 * ({@code followers_by_user_shard}, in pages of 500), the record of the recipients in
 * single-partition unlogged batches of {@value #DELIVERIES_PER_BATCH}
 * ({@code timeline_deliveries_by_post}), then each follower's timeline, at most
 * {@value #FAN_OUT_CONCURRENCY} at once ({@code user_timeline}); both with the post's
 * timestamp and a TTL that ends with the timeline's retention;</li>
 * <li>once the 201 is on its way, the intent marked completed.</li>
 * </ol>
 * Every statement is idempotent (a write writes the same cells again); the source, the
 * lists and each timeline write are retried on their own after a transient failure, as
 * the service's writers retry them.
 */
final class PublishPeer {

	/** The workload this peer serves. */
	static final String WORKLOAD = "social-feed/publish";

	/** The texts Spring Data renders for the service's entity reads and writes. */
	static final String USER_BY_ID = "SELECT * FROM users_by_id WHERE user_id=?";

	static final String POST_BY_ID = "SELECT * FROM posts_by_id WHERE post_id=?";

	static final String INSERT_BY_ID = "INSERT INTO posts_by_id (post_id,author_id,content,hashtags,created_at) "
			+ "VALUES (?,?,?,?,?)";

	static final String INSERT_BY_USER = "INSERT INTO posts_by_user (user_id,month,post_time,post_id,content,hashtags) "
			+ "VALUES (?,?,?,?,?,?)";

	static final String INSERT_BY_HASHTAG = "INSERT INTO posts_by_hashtag "
			+ "(hashtag,day,post_time,post_id,author_id,content,hashtags) VALUES (?,?,?,?,?,?,?)";

	static final String INSERT_HASHTAG_DAY = "INSERT INTO hashtag_days (hashtag,day) VALUES (?,?)";

	static final String HIGH_FANOUT_AUTHOR = "SELECT * FROM high_fanout_authors WHERE author_id=?";

	static final String FOLLOWER_COUNTS = "SELECT * FROM follower_counts WHERE user_id=?";

	static final String FOLLOWERS = "SELECT * FROM followers_by_user_shard WHERE user_id=? AND shard=?";

	static final String INSERT_DELIVERY = "INSERT INTO timeline_deliveries_by_post (post_id,recipient_id) "
			+ "VALUES (?,?) USING TTL ?";

	static final String INSERT_TIMELINE_ENTRY = "INSERT INTO user_timeline "
			+ "(user_id,day,post_time,post_id,author_id,content,hashtags) VALUES (?,?,?,?,?,?,?) USING TTL ?";

	/** The kind of the service's publish intents. */
	static final String PUBLISHED = "post-published";

	/** The service's {@code timeline.retention}: the copies expire when it ends. */
	static final Duration RETENTION = Duration.ofDays(30);

	/** The service's {@code timeline.fan-out-concurrency}. */
	static final int FAN_OUT_CONCURRENCY = 32;

	/** Recipients recorded per single-partition batch, as the service chunks them. */
	static final int DELIVERIES_PER_BATCH = 50;

	/** The service's {@code follow.followers-per-shard}. */
	static final int FOLLOWERS_PER_SHARD = 50_000;

	/**
	 * The follower shards are read in pages of this many rows, as the service reads them.
	 */
	static final int FOLLOWERS_PAGE_SIZE = 500;

	/**
	 * The most statements of the post's one write in flight at once (the writer's
	 * default).
	 */
	static final int WRITE_CONCURRENCY = 8;

	/** The service's post rules: 500 characters, ten hashtags of up to 50. */
	static final int MAX_CONTENT_LENGTH = 500;

	static final int MAX_HASHTAGS = 10;

	static final int MAX_HASHTAG_LENGTH = 50;

	/**
	 * The service's hashtag: a {@code #} not glued to a preceding word character, then
	 * letters, digits or underscores.
	 */
	private static final Pattern HASHTAG = Pattern.compile("(?<![\\p{L}\\p{N}_&#])#([\\p{L}\\p{N}_]+)");

	private static final String IDEMPOTENCY_KEY = "Idempotency-Key";

	private final CqlSession session;

	private final PreparedStatement userById;

	private final PreparedStatement postById;

	private final PreparedStatement insertById;

	private final PreparedStatement insertByUser;

	private final PreparedStatement insertByHashtag;

	private final PreparedStatement insertHashtagDay;

	private final PreparedStatement highFanoutAuthor;

	private final PreparedStatement followerCounts;

	private final PreparedStatement followers;

	private final PreparedStatement insertDelivery;

	private final PreparedStatement insertTimelineEntry;

	private final BearerTokens tokens;

	private final Clock clock;

	private final Intents intents;

	/**
	 * Prepares the statements once, with the consistency, idempotence and page size their
	 * bound statements inherit; only the write timestamps are set per request.
	 * @param session the session, in the service's keyspace
	 * @param tokens checks the callers' tokens
	 * @param intents runs the change with its write intent
	 * @param clock the clock of the posts' times and of their copies' TTLs
	 */
	PublishPeer(CqlSession session, BearerTokens tokens, Intents intents, Clock clock) {
		this.session = session;
		this.tokens = tokens;
		this.intents = intents;
		this.clock = clock;
		this.userById = prepare(session, SimpleStatement.newInstance(USER_BY_ID));
		this.postById = prepare(session, SimpleStatement.newInstance(POST_BY_ID));
		this.insertById = prepare(session, SimpleStatement.newInstance(INSERT_BY_ID));
		this.insertByUser = prepare(session, SimpleStatement.newInstance(INSERT_BY_USER));
		this.insertByHashtag = prepare(session, SimpleStatement.newInstance(INSERT_BY_HASHTAG));
		this.insertHashtagDay = prepare(session, SimpleStatement.newInstance(INSERT_HASHTAG_DAY));
		this.highFanoutAuthor = prepare(session, SimpleStatement.newInstance(HIGH_FANOUT_AUTHOR));
		this.followerCounts = prepare(session, SimpleStatement.newInstance(FOLLOWER_COUNTS));
		this.followers = prepare(session, SimpleStatement.newInstance(FOLLOWERS).setPageSize(FOLLOWERS_PAGE_SIZE));
		this.insertDelivery = prepare(session, SimpleStatement.newInstance(INSERT_DELIVERY));
		this.insertTimelineEntry = prepare(session, SimpleStatement.newInstance(INSERT_TIMELINE_ENTRY));
	}

	private static PreparedStatement prepare(CqlSession session, SimpleStatement statement) {
		return session.prepare(statement.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM).setIdempotent(true));
	}

	/**
	 * The route.
	 * @return {@code POST /users/{userId}/posts}
	 */
	RouterFunction<ServerResponse> routes() {
		return RouterFunctions.route(RequestPredicates.POST("/users/{userId}/posts"),
				(request) -> this.tokens.signedIn(request, (jwt) -> publish(request, jwt)));
	}

	private Mono<ServerResponse> publish(ServerRequest request, Jwt jwt) {
		String userText = request.pathVariable("userId");
		if (!BearerTokens.owns(jwt, userText)) {
			return Problem.forbidden();
		}
		UUID authorId;
		try {
			authorId = Parameters.uuid("userId", userText);
		}
		catch (Parameters.Invalid ex) {
			return ex.response();
		}
		if (request.headers().firstHeader(IDEMPOTENCY_KEY) != null) {
			// A keyed create claims its key with a lightweight transaction first, which
			// no benchmarked request sends: refused rather than done differently.
			String message = "is not accepted: this lean peer does not run keyed creates";
			return Problem.badRequest(IDEMPOTENCY_KEY, "Invalid request: " + IDEMPOTENCY_KEY + " " + message, message);
		}
		return request.bodyToMono(NewPost.class)
			.onErrorResume(ServerWebInputException.class,
					(ex) -> Mono.error(new BodyException(ex.getReason() != null ? ex.getReason() : "unreadable")))
			.flatMap((body) -> {
				// The text's rules apply as the body is read, the annotations' after.
				String text = (body.content() != null) ? multilineViolation(body.content()) : null;
				if (text != null) {
					return Problem.badRequest("content", text + " (content)", text);
				}
				String invalid = contentViolation(body.content());
				if (invalid != null) {
					return Problem.badRequest("content", "Invalid request: content " + invalid, invalid);
				}
				return publish(authorId, body.content(), this.clock.instant());
			})
			.switchIfEmpty(Mono.defer(() -> Problem.badRequest("body", "No request body (body)", "No request body")))
			.onErrorResume(BodyException.class,
					(ex) -> Problem.badRequest("body", ex.getMessage() + " (body)", ex.getMessage()));
	}

	/**
	 * What the service's annotations refuse in a post's text ({@code @NotBlank}, blank as
	 * Hibernate Validator trims it, and {@code @Size(max = 500)}), or {@code null}.
	 * @param content the text, or {@code null}
	 * @return what is wrong with it, or {@code null}
	 */
	static String contentViolation(String content) {
		if (content == null || content.trim().isEmpty()) {
			return "must not be blank";
		}
		if (content.length() > MAX_CONTENT_LENGTH) {
			return "size must be between 0 and " + MAX_CONTENT_LENGTH;
		}
		return null;
	}

	/**
	 * The services' rules for a multi-line text as their JSON reader applies them: no
	 * NUL, no control character but tabs and line breaks, no bidirectional override, no
	 * noncharacter, no unpaired surrogate.
	 * @param text the text
	 * @return what is wrong with it, or {@code null}
	 */
	static String multilineViolation(String text) {
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			int codePoint = c;
			if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
				codePoint = Character.toCodePoint(c, text.charAt(i + 1));
			}
			else if (Character.isSurrogate(c)) {
				return "must be valid Unicode: an unpaired surrogate " + hex(c) + " at index " + i
						+ " is not a character";
			}
			String problem = null;
			if (codePoint == 0) {
				problem = "must not contain NUL";
			}
			else if (codePoint == '\t' || codePoint == '\n' || codePoint == '\r' || codePoint == 0x2028
					|| codePoint == 0x2029) {
				problem = null;
			}
			else if (codePoint < 0x20 || (codePoint >= 0x7F && codePoint <= 0x9F)) {
				problem = "must not contain control characters";
			}
			else if (codePoint >= 0x202A && codePoint <= 0x202E) {
				problem = "must not contain bidirectional embedding or override characters";
			}
			else if ((codePoint & 0xFFFE) == 0xFFFE || (codePoint >= 0xFDD0 && codePoint <= 0xFDEF)) {
				problem = "must not contain Unicode noncharacters";
			}
			if (problem != null) {
				return problem + " (" + hex(codePoint) + " at index " + i + ")";
			}
			if (codePoint > Character.MAX_VALUE) {
				i++;
			}
		}
		return null;
	}

	private static String hex(int codePoint) {
		return String.format(Locale.ROOT, "U+%04X", codePoint);
	}

	/**
	 * The distinct hashtags of a text, lower-case and sorted, as the service parses them.
	 * @param content the text
	 * @return the tags
	 * @throws Parameters.Invalid naming {@code content} when a tag is too long or there
	 * are too many
	 */
	static Set<String> hashtags(String content) {
		Set<String> tags = new TreeSet<>();
		Matcher matcher = HASHTAG.matcher(content);
		while (matcher.find()) {
			String tag = matcher.group(1).toLowerCase(Locale.ROOT);
			if (tag.length() > MAX_HASHTAG_LENGTH) {
				throw Parameters.Invalid.constraint("content", "hashtag #" + tag.substring(0, 20)
						+ "... is longer than " + MAX_HASHTAG_LENGTH + " characters");
			}
			tags.add(tag);
		}
		if (tags.size() > MAX_HASHTAGS) {
			throw Parameters.Invalid.constraint("content",
					"has " + tags.size() + " distinct hashtags; at most " + MAX_HASHTAGS + " are allowed");
		}
		return tags;
	}

	/**
	 * The publication, as the service sequences it: the author, the post by id (its new
	 * one, or the one a keyed retry finds), then the change; the 201 once every copy is
	 * written, and the intent's completion after it.
	 */
	private Mono<ServerResponse> publish(UUID authorId, String content, Instant at) {
		UUID postId = UUID.randomUUID();
		return execute(this.userById.bind(authorId)).flatMap((user) -> {
			if (user.one() == null) {
				return Problem.notFound("No user with id " + authorId + " (userId)");
			}
			return execute(this.postById.bind(postId)).flatMap((found) -> {
				Row row = found.one();
				NewPostRow post;
				if (row != null) {
					post = new NewPostRow(row.getUuid("post_id"), row.getUuid("author_id"), row.getString("content"),
							row.getSet("hashtags", String.class), row.getInstant("created_at"));
				}
				else {
					try {
						post = new NewPostRow(postId, authorId, content, hashtags(content),
								at.truncatedTo(ChronoUnit.MILLIS));
					}
					catch (Parameters.Invalid ex) {
						return ex.response();
					}
				}
				return change(post).then(Mono.defer(() -> created(post)))
					.onErrorResume(Intents.Overloaded.class, (ex) -> Problem.unavailable(ex.getMessage()));
			});
		});
	}

	/**
	 * The change, through its write intent: the source, with the post's timestamp, then
	 * its lists at once and the fan-out. The source and the lists are the service's one
	 * dual write each, every statement retried on its own after a transient failure.
	 */
	private Mono<Long> change(NewPostRow post) {
		long timestamp = micros(post.createdAt());
		Mono<Long> source = Mono
			.defer(() -> write(this.insertById
				.bind(post.postId(), post.authorId(), post.content(), post.hashtags(), post.createdAt())
				.setQueryTimestamp(timestamp)))
			.thenReturn(timestamp);
		return this.intents.run(PUBLISHED, Map.of("post_id", post.postId().toString()), source,
				(written) -> Flux.fromIterable(lists(post, timestamp))
					.flatMap(this::write, WRITE_CONCURRENCY)
					.then(Mono.defer(() -> fanOut(post, timestamp)))
					.thenReturn(written));
	}

	/** An idempotent copy, retried on its own after a transient failure. */
	private Mono<Void> write(Statement<?> statement) {
		return execute(statement).then().retryWhen(Retries.copy());
	}

	/** The post's lists: its author's month, then each hashtag's day and index row. */
	private List<Statement<?>> lists(NewPostRow post, long timestamp) {
		LocalDate day = LocalDate.ofInstant(post.createdAt(), ZoneOffset.UTC);
		List<Statement<?>> statements = new ArrayList<>(1 + 2 * post.hashtags().size());
		statements.add(
				this.insertByUser
					.bind(post.authorId(), month(post.createdAt()), post.createdAt(), post.postId(), post.content(),
							post.hashtags())
					.setQueryTimestamp(timestamp));
		for (String tag : post.hashtags()) {
			statements.add(this.insertByHashtag
				.bind(tag, day, post.createdAt(), post.postId(), post.authorId(), post.content(), post.hashtags())
				.setQueryTimestamp(timestamp));
			statements.add(this.insertHashtagDay.bind(tag, day).setQueryTimestamp(timestamp));
		}
		return statements;
	}

	/**
	 * Fans the post out to every follower's timeline, unless its author is high-fanout.
	 * The recipients are recorded first, in the post's own partition, so that no copy
	 * exists that a delete could not find.
	 */
	private Mono<Void> fanOut(NewPostRow post, long timestamp) {
		return execute(this.highFanoutAuthor.bind(post.authorId())).flatMap((mode) -> {
			if (mode.one() != null) {
				// Pulled at read time: nothing to fan out. (A promotion left unfinished,
				// which the service's next post finishes, is not this peer's work.)
				return Mono.empty();
			}
			Duration ttl = ttl(post.createdAt(), this.clock.instant());
			if (ttl.isNegative() || ttl.isZero()) {
				return Mono.empty();
			}
			int seconds = Math.toIntExact(ttl.toSeconds());
			return followerIds(post.authorId()).collectList()
				.flatMap((recipients) -> Flux.fromIterable(recipients)
					.buffer(DELIVERIES_PER_BATCH)
					.concatMap((chunk) -> execute(deliveries(post.postId(), chunk, seconds, timestamp)))
					.then(Flux.fromIterable(recipients)
						.flatMap((recipient) -> write(timelineEntry(post, recipient, seconds, timestamp)),
								FAN_OUT_CONCURRENCY)
						.then()));
		});
	}

	/**
	 * Every follower of an author: the follower count numbers the last shard that can
	 * hold one (a user never counted has shard 0 alone), then the shards are read one
	 * after the other, each page by page.
	 */
	private Flux<UUID> followerIds(UUID authorId) {
		return execute(this.followerCounts.bind(authorId)).flatMapMany((counts) -> {
			Row row = counts.one();
			int last = lastShard((row != null) ? row.getLong("follows_received") : 0);
			return Flux.range(0, last + 1)
				.concatMap((shard) -> rows(this.followers.bind(authorId, shard)).map((r) -> r.getUuid("follower_id")));
		});
	}

	static int lastShard(long followsReceived) {
		return (int) Math.min(Math.max(followsReceived, 0) / FOLLOWERS_PER_SHARD, Integer.MAX_VALUE - 1);
	}

	private BatchStatement deliveries(UUID postId, List<UUID> recipients, int ttlSeconds, long timestamp) {
		List<BatchableStatement<?>> rows = new ArrayList<>(recipients.size());
		for (UUID recipient : recipients) {
			rows.add(this.insertDelivery.bind(postId, recipient, ttlSeconds));
		}
		return BatchStatement.newInstance(DefaultBatchType.UNLOGGED, rows)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setQueryTimestamp(timestamp)
			.setIdempotent(true);
	}

	private Statement<?> timelineEntry(NewPostRow post, UUID recipient, int ttlSeconds, long timestamp) {
		return this.insertTimelineEntry
			.bind(recipient, LocalDate.ofInstant(post.createdAt(), ZoneOffset.UTC), post.createdAt(), post.postId(),
					post.authorId(), post.content(), post.hashtags(), ttlSeconds)
			.setQueryTimestamp(timestamp);
	}

	private Mono<ServerResponse> created(NewPostRow post) {
		TimelinePeer.Post body = new TimelinePeer.Post(post.postId(), post.authorId(), post.content(),
				TimelinePeer.Post.sorted(post.hashtags()), post.createdAt());
		return ServerResponse.created(URI.create("/posts/" + post.postId()))
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(body);
	}

	/**
	 * A copy lives until its post leaves the retention window: the window less the post's
	 * age, never more than the window, in whole seconds.
	 * @param postTime the post's time
	 * @param now now
	 * @return the TTL
	 */
	static Duration ttl(Instant postTime, Instant now) {
		Duration left = RETENTION.minus(Duration.between(postTime, now));
		Duration ttl = (left.compareTo(RETENTION) > 0) ? RETENTION : left;
		return Duration.ofSeconds(ttl.toSeconds());
	}

	/** The post's write timestamp: its time, in microseconds. */
	static long micros(Instant createdAt) {
		return ChronoUnit.MICROS.between(Instant.EPOCH, createdAt);
	}

	/** A month's key as {@code posts_by_user} stores it, {@code 2026-05}. */
	static String month(Instant instant) {
		return TimelinePeer.Granularity.MONTH.key(instant);
	}

	private Mono<AsyncResultSet> execute(Statement<?> statement) {
		return Mono.fromCompletionStage(() -> this.session.executeAsync(statement));
	}

	private Flux<Row> rows(Statement<?> statement) {
		return execute(statement)
			.expand((rows) -> rows.hasMorePages() ? Mono.fromCompletionStage(rows::fetchNextPage) : Mono.empty())
			.flatMapIterable(AsyncResultSet::currentPage);
	}

	/**
	 * The post as written: new, or as {@code posts_by_id} holds it.
	 *
	 * @param postId the post
	 * @param authorId its author
	 * @param content its text
	 * @param hashtags its hashtags
	 * @param createdAt its time, to the millisecond
	 */
	private record NewPostRow(UUID postId, UUID authorId, String content, Set<String> hashtags, Instant createdAt) {

	}

	/**
	 * The request's body.
	 *
	 * @param content the text
	 */
	record NewPost(String content) {

	}

	/** A body that could not be read: a 400 naming the body. */
	private static final class BodyException extends RuntimeException {

		private static final long serialVersionUID = 1L;

		BodyException(String message) {
			super(message, null, false, false);
		}

	}

}
