package dev.querydriven.benchmarks.peer;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Function;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.http.MediaType;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * social-feed's home timeline, {@code GET /users/{userId}/timeline?limit=}, for its
 * reader alone: the posts of the users they follow, newest first.
 *
 * <p>
 * The statements, in the service's stages, every one at {@code LOCAL_QUORUM} (a post
 * answered 201 is in a quorum of every follower's timeline) and idempotent:
 * <ol>
 * <li>the reader's profile ({@code users_by_id}; an unknown reader is a 404);</li>
 * <li>at once, the authors the reader hid by unfollowing them
 * ({@code timeline_hidden_authors}, the whole partition) and the high-fanout authors they
 * pull ({@code high_fanout_following_by_user}, one more than the cap, to know whether the
 * cap left some out);</li>
 * <li>the sources of the page, at most {@value #PULL_CONCURRENCY} at once: the reader's
 * own {@code user_timeline} days, newest first, one partition at a time, each asked for
 * what the page still lacks, until the page is full or the retention's oldest day is read
 * (hidden entries are dropped, and a page they thinned continues after its last entry);
 * and, for each pulled author, their months of {@code posts_by_user} within the window,
 * the same way.</li>
 * </ol>
 * The sources are merged newest first, ties in the order Cassandra sorts a {@code uuid}
 * column, a post found in two sources shown once; the page keeps the newest
 * {@code limit}, and has a cursor when some source may hold more.
 */
final class TimelinePeer {

	/** The workload this peer serves. */
	static final String WORKLOAD = "social-feed/timeline";

	/** The text Spring Data renders for the service's profile lookup. */
	static final String USER_BY_ID = "SELECT * FROM users_by_id WHERE user_id=?";

	/** The service's texts for the hidden and the pulled authors (Q15, Q14). */
	static final String HIDDEN_AUTHORS = "SELECT * FROM timeline_hidden_authors WHERE user_id = ?";

	static final String PULLED_AUTHORS = "SELECT * FROM high_fanout_following_by_user WHERE user_id = ? LIMIT ?";

	/**
	 * The service's texts for one day of a timeline (Q6): a first page, and after a
	 * position.
	 */
	static final String DAY_FIRST_PAGE = "SELECT * FROM user_timeline "
			+ "WHERE user_id = ? AND day = ? AND post_time >= ? AND post_time < ? LIMIT ?";

	static final String DAY_NEXT_PAGE = "SELECT * FROM user_timeline "
			+ "WHERE user_id = ? AND day = ? AND post_time >= ? AND (post_time, post_id) < (?, ?) LIMIT ?";

	/** The text Spring Data renders for one month of an author's posts (Q2). */
	static final String MONTH_FIRST_PAGE = "SELECT * FROM posts_by_user "
			+ "WHERE user_id=? AND month=? AND post_time>=? AND post_time<? LIMIT ?";

	/** The service's {@code timeline.retention}: no read reaches further back. */
	static final Duration RETENTION = Duration.ofDays(30);

	/** The service's {@code timeline.max-pulled-authors}. */
	static final int MAX_PULLED_AUTHORS = 100;

	/** The sources of one page read at once, as the service's merge reads them. */
	static final int PULL_CONCURRENCY = 8;

	private static final int DEFAULT_LIMIT = 20;

	private static final int MAX_LIMIT = 100;

	/**
	 * The timeline order: newest first, then the greatest id first in the order of a
	 * {@code uuid} clustering column, as a table clustered
	 * {@code (post_time DESC, post_id DESC)} returns its rows.
	 */
	static final Comparator<Entry> NEWEST_FIRST = Comparator.comparing(Entry::postTime)
		.thenComparing(Entry::postId, TimelinePeer::compareUuidColumn)
		.reversed();

	private final CqlSession session;

	private final PreparedStatement userById;

	private final PreparedStatement hiddenAuthors;

	private final PreparedStatement pulledAuthors;

	private final PreparedStatement dayFirstPage;

	private final PreparedStatement dayNextPage;

	private final PreparedStatement monthFirstPage;

	private final BearerTokens tokens;

	private final CursorSigner cursors;

	private final Clock clock;

	/**
	 * Prepares the statements once, with the consistency and idempotence their bound
	 * statements inherit.
	 * @param session the session, in the service's keyspace
	 * @param tokens checks the callers' tokens
	 * @param cursors signs the cursor of a page that may continue
	 * @param clock the clock the page's newest instant is read from
	 */
	TimelinePeer(CqlSession session, BearerTokens tokens, CursorSigner cursors, Clock clock) {
		this.session = session;
		this.tokens = tokens;
		this.cursors = cursors;
		this.clock = clock;
		this.userById = prepare(session, USER_BY_ID);
		this.hiddenAuthors = prepare(session, HIDDEN_AUTHORS);
		this.pulledAuthors = prepare(session, PULLED_AUTHORS);
		this.dayFirstPage = prepare(session, DAY_FIRST_PAGE);
		this.dayNextPage = prepare(session, DAY_NEXT_PAGE);
		this.monthFirstPage = prepare(session, MONTH_FIRST_PAGE);
	}

	private static PreparedStatement prepare(CqlSession session, String cql) {
		return session.prepare(SimpleStatement.newInstance(cql)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true));
	}

	/**
	 * The route.
	 * @return {@code GET /users/{userId}/timeline}
	 */
	RouterFunction<ServerResponse> routes() {
		return RouterFunctions.route(RequestPredicates.GET("/users/{userId}/timeline"),
				(request) -> this.tokens.signedIn(request, (jwt) -> timeline(request, jwt)));
	}

	private Mono<ServerResponse> timeline(ServerRequest request, Jwt jwt) {
		String userText = request.pathVariable("userId");
		// The owner check comes before the parameters are read, as the services' security
		// filter runs before their controllers.
		if (!BearerTokens.owns(jwt, userText)) {
			return Problem.forbidden();
		}
		UUID userId;
		int limit;
		try {
			userId = Parameters.uuid("userId", userText);
			limit = Parameters.intParameter(request, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
			Parameters.firstPageOnly(request);
		}
		catch (Parameters.Invalid ex) {
			return ex.response();
		}
		// Read when the request arrives, as the service's controller reads its clock.
		Instant now = this.clock.instant();
		return execute(this.userById.bind(userId)).flatMap((user) -> {
			if (user.one() == null) {
				return Problem.notFound("No user with id " + userId + " (userId)");
			}
			return Mono.zip(hiddenAuthors(userId), pulledAuthors(userId))
				.flatMap((sources) -> page(userId, sources.getT1(), sources.getT2(), now, limit))
				.flatMap((page) -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(page));
		});
	}

	/** Each hidden author and the instant up to which their entries are hidden. */
	private Mono<Map<UUID, Instant>> hiddenAuthors(UUID userId) {
		return rows(this.hiddenAuthors.bind(userId)).collectMap((row) -> row.getUuid("author_id"),
				(row) -> row.getInstant("hidden_before"));
	}

	/** The pulled authors the page merges: the first ones in clustering order, capped. */
	private Mono<List<Pulled>> pulledAuthors(UUID userId) {
		return execute(this.pulledAuthors.bind(userId, MAX_PULLED_AUTHORS + 1)).map((rows) -> {
			List<Pulled> authors = new ArrayList<>();
			for (Row row : rows.currentPage()) {
				if (authors.size() < MAX_PULLED_AUTHORS) {
					authors.add(new Pulled(row.getUuid("author_id"), row.getInstant("since")));
				}
			}
			return authors;
		});
	}

	/**
	 * Reads every source of the page (each lazily, so that the concurrency bounds what is
	 * in flight) and merges them.
	 */
	private Mono<Page<Post>> page(UUID userId, Map<UUID, Instant> hidden, List<Pulled> pulled, Instant now, int limit) {
		Instant oldest = now.minus(RETENTION);
		List<Mono<List<Entry>>> sources = new ArrayList<>(pulled.size() + 1);
		sources.add(Mono.defer(
				() -> visibleEntries(userId, oldest, endOfMillisecond(now), null, limit, hidden, new ArrayList<>())));
		for (Pulled author : pulled) {
			sources.add(Mono.defer(() -> pulledPosts(author, oldest, now, limit)));
		}
		return Flux.fromIterable(sources)
			.flatMap((source) -> source.map((read) -> (read.size() > limit) ? read.subList(0, limit) : read),
					PULL_CONCURRENCY)
			.collectList()
			.map((reads) -> {
				Merged merged = merge(reads, limit);
				String next = null;
				if (merged.next() != null) {
					Entry last = merged.next();
					next = this.cursors.sign("timeline:" + userId, CursorSigner.position(last.postTime().toEpochMilli(),
							last.postId().getMostSignificantBits(), last.postId().getLeastSignificantBits()));
				}
				return new Page<>(merged.items().stream().map(Post::of).toList(), next);
			});
	}

	/**
	 * The reader's own entries without hidden authors: walks the days until {@code limit}
	 * visible entries are found or the window is read, continuing after the last entry of
	 * a walk that hidden entries thinned (the walk asks for {@code limit} again).
	 */
	private Mono<List<Entry>> visibleEntries(UUID userId, Instant oldest, Instant to, Resume resume, int limit,
			Map<UUID, Instant> hidden, List<Entry> found) {
		return walk(Granularity.DAY,
				(day, from, until, after, wanted) -> (after != null)
						? this.dayNextPage.bind(userId, LocalDate.ofInstant(day, ZoneOffset.UTC), from,
								after.postTime(), after.postId(), wanted)
						: this.dayFirstPage.bind(userId, LocalDate.ofInstant(day, ZoneOffset.UTC), from, until, wanted),
				TimelinePeer::timelineEntry, oldest, to, resume, limit)
			.flatMap((walked) -> {
				for (Entry entry : walked.items()) {
					if (isVisible(entry, hidden)) {
						found.add(entry);
					}
				}
				if (found.size() >= limit || walked.next() == null) {
					return Mono.just(found);
				}
				return visibleEntries(userId, oldest, to, walked.next(), limit, hidden, found);
			});
	}

	static boolean isVisible(Entry entry, Map<UUID, Instant> hidden) {
		Instant hiddenBefore = hidden.get(entry.authorId());
		return hiddenBefore == null || entry.postTime().isAfter(hiddenBefore);
	}

	/**
	 * The recent posts of a pulled author, in timeline shape: from when the reader
	 * started pulling them (no backfill), within the window, up to the request's
	 * millisecond.
	 */
	private Mono<List<Entry>> pulledPosts(Pulled author, Instant oldest, Instant now, int limit) {
		Instant from = (author.since() != null && author.since().isAfter(oldest)) ? author.since() : oldest;
		Instant to = endOfMillisecond(now);
		if (!from.isBefore(to)) {
			return Mono.just(List.of());
		}
		return walk(Granularity.MONTH,
				(month, sliceFrom, sliceTo, after, wanted) -> this.monthFirstPage.bind(author.authorId(),
						Granularity.MONTH.key(month), sliceFrom, sliceTo, wanted),
				TimelinePeer::postsByUserEntry, from, to, null, limit)
			.map(Walked::items);
	}

	/**
	 * Reads the buckets of {@code [from, to)} newest first, one partition at a time, each
	 * asked for what the page still lacks, until the page is full or the oldest bucket is
	 * read: the service's multi-bucket walk. A resumed walk starts in the bucket it
	 * stopped in, after its last entry.
	 */
	private Mono<Walked> walk(Granularity granularity, PartitionRead read, Function<Row, Entry> entries, Instant from,
			Instant to, Resume resume, int limit) {
		Instant newest = (resume != null) ? resume.bucket() : granularity.floor(to.minusNanos(1));
		Instant oldest = granularity.floor(from);
		List<Entry> items = new ArrayList<>(limit);
		return readBucket(granularity, read, entries, from, to, resume, limit, newest, oldest, items, null);
	}

	private Mono<Walked> readBucket(Granularity granularity, PartitionRead read, Function<Row, Entry> entries,
			Instant from, Instant to, Resume resume, int limit, Instant bucket, Instant oldest, List<Entry> items,
			Resume last) {
		Instant bucketEnd = granularity.next(bucket);
		Instant sliceFrom = from.isAfter(bucket) ? from : bucket;
		Instant sliceTo = to.isBefore(bucketEnd) ? to : bucketEnd;
		Entry after = (resume != null && bucket.equals(resume.bucket())) ? resume.last() : null;
		int wanted = limit - items.size();
		return execute(read.bind(bucket, sliceFrom, sliceTo, after, wanted)).flatMap((rows) -> {
			Iterator<Row> page = rows.currentPage().iterator();
			int taken = 0;
			while (taken < wanted && page.hasNext()) {
				items.add(entries.apply(page.next()));
				taken++;
			}
			Resume reached = (taken > 0) ? new Resume(bucket, items.get(items.size() - 1)) : last;
			if (items.size() >= limit) {
				return Mono.just(new Walked(items, reached));
			}
			if (bucket.equals(oldest)) {
				return Mono.just(new Walked(items, null));
			}
			return readBucket(granularity, read, entries, from, to, resume, limit, granularity.previous(bucket), oldest,
					items, reached);
		});
	}

	/**
	 * Merges the sources' reads: sorted in the timeline order, a post read from two
	 * sources kept once (the first read), the newest {@code limit} kept. The page may
	 * continue when the merge held more, or when some source filled its read.
	 * @param reads each source's entries, at most {@code limit} each
	 * @param limit the page size
	 * @return the page's entries, and its last entry when a next page may exist
	 */
	static Merged merge(List<List<Entry>> reads, int limit) {
		TreeSet<Entry> merged = new TreeSet<>(NEWEST_FIRST);
		boolean someSourceMayHaveMore = false;
		for (List<Entry> read : reads) {
			someSourceMayHaveMore |= read.size() == limit;
			merged.addAll(read);
		}
		List<Entry> items = new ArrayList<>(Math.min(limit, merged.size()));
		for (Entry entry : merged) {
			if (items.size() == limit) {
				break;
			}
			items.add(entry);
		}
		boolean more = merged.size() > limit || someSourceMayHaveMore;
		return new Merged(items, (more && !items.isEmpty()) ? items.get(items.size() - 1) : null);
	}

	/**
	 * How Cassandra sorts a {@code uuid} column, ascending, which is not
	 * {@link UUID#compareTo} (that compares the halves as signed numbers): by version,
	 * then (version 1) by the embedded time or (other versions) by the high bits
	 * unsigned, then by the low bits unsigned. The merge must order ties as the tables
	 * do, or the page would end on another post than the service's.
	 */
	static int compareUuidColumn(UUID left, UUID right) {
		int version = Integer.compare(left.version(), right.version());
		if (version != 0) {
			return version;
		}
		int high = (left.version() == 1)
				? Long.compare(timeOrdered(left.getMostSignificantBits()), timeOrdered(right.getMostSignificantBits()))
				: Long.compareUnsigned(left.getMostSignificantBits(), right.getMostSignificantBits());
		return (high != 0) ? high
				: Long.compareUnsigned(left.getLeastSignificantBits(), right.getLeastSignificantBits());
	}

	/** Moves the time fields of a version 1 UUID's high bits into time order. */
	private static long timeOrdered(long mostSignificantBits) {
		return (mostSignificantBits << 48) | ((mostSignificantBits << 16) & 0xFFFF_0000_0000L)
				| (mostSignificantBits >>> 32);
	}

	/**
	 * A CQL timestamp has millisecond precision: a range's end includes its millisecond.
	 */
	static Instant endOfMillisecond(Instant instant) {
		return instant.truncatedTo(ChronoUnit.MILLIS).plusMillis(1);
	}

	private static Entry timelineEntry(Row row) {
		return new Entry(row.getInstant("post_time"), row.getUuid("post_id"), row.getUuid("author_id"),
				row.getString("content"), row.getSet("hashtags", String.class));
	}

	private static Entry postsByUserEntry(Row row) {
		return new Entry(row.getInstant("post_time"), row.getUuid("post_id"), row.getUuid("user_id"),
				row.getString("content"), row.getSet("hashtags", String.class));
	}

	private Mono<AsyncResultSet> execute(BoundStatement statement) {
		return Mono.fromCompletionStage(() -> this.session.executeAsync(statement));
	}

	/**
	 * Every row of a statement, page after page, as the service's template streams them.
	 */
	private Flux<Row> rows(BoundStatement statement) {
		return execute(statement)
			.expand((rows) -> rows.hasMorePages() ? Mono.fromCompletionStage(rows::fetchNextPage) : Mono.empty())
			.flatMapIterable(AsyncResultSet::currentPage);
	}

	/** The UTC buckets of the two tables a page walks. */
	enum Granularity {

		/** {@code user_timeline}: a partition per reader and UTC day. */
		DAY,

		/** {@code posts_by_user}: a partition per author and UTC month. */
		MONTH;

		Instant floor(Instant instant) {
			LocalDate date = LocalDate.ofInstant(instant, ZoneOffset.UTC);
			return ((this == DAY) ? date : date.withDayOfMonth(1)).atStartOfDay(ZoneOffset.UTC).toInstant();
		}

		Instant next(Instant start) {
			return (this == DAY) ? start.plus(Duration.ofDays(1))
					: start.atZone(ZoneOffset.UTC).plusMonths(1).toInstant();
		}

		Instant previous(Instant start) {
			return (this == DAY) ? start.minus(Duration.ofDays(1))
					: start.atZone(ZoneOffset.UTC).minusMonths(1).toInstant();
		}

		/**
		 * A month's key as {@code posts_by_user} stores it, {@code 2026-05}, in ASCII
		 * digits whatever the default locale.
		 */
		String key(Instant start) {
			LocalDate date = LocalDate.ofInstant(start, ZoneOffset.UTC);
			return String.format(Locale.ROOT, "%04d-%02d", date.getYear(), date.getMonthValue());
		}

	}

	/** Binds the read of one bucket partition's slice. */
	@FunctionalInterface
	private interface PartitionRead {

		BoundStatement bind(Instant bucket, Instant from, Instant to, Entry after, int wanted);

	}

	/**
	 * A high-fanout author the reader pulls.
	 *
	 * @param authorId the author
	 * @param since the oldest post time pulled
	 */
	private record Pulled(UUID authorId, Instant since) {

	}

	/**
	 * Where a walk stopped: the bucket and the last entry read from it.
	 *
	 * @param bucket the bucket's start
	 * @param last the last entry
	 */
	private record Resume(Instant bucket, Entry last) {

	}

	/**
	 * What a walk read, and where it would continue ({@code null} when it read its oldest
	 * bucket without filling up).
	 *
	 * @param items the entries, newest first
	 * @param next where it stopped, or {@code null}
	 */
	private record Walked(List<Entry> items, Resume next) {

	}

	/**
	 * A merged page.
	 *
	 * @param items the entries, newest first
	 * @param next the last entry when a next page may exist, else {@code null}
	 */
	record Merged(List<Entry> items, Entry next) {

	}

	/**
	 * A post in a timeline, as read from either table.
	 *
	 * @param postTime when it was posted
	 * @param postId the post
	 * @param authorId its author
	 * @param content its text
	 * @param hashtags its hashtags
	 */
	record Entry(Instant postTime, UUID postId, UUID authorId, String content, Set<String> hashtags) {

	}

	/**
	 * A post as the service answers it (its {@code PostResponse}), in a timeline and as
	 * published: the hashtags sorted.
	 *
	 * @param id the post
	 * @param authorId its author
	 * @param content its text
	 * @param hashtags its hashtags, lower-case, sorted
	 * @param createdAt when it was posted
	 */
	record Post(UUID id, UUID authorId, String content, List<String> hashtags, Instant createdAt) {

		static Post of(Entry entry) {
			return new Post(entry.postId(), entry.authorId(), entry.content(), sorted(entry.hashtags()),
					entry.postTime());
		}

		static List<String> sorted(Set<String> hashtags) {
			return hashtags.stream().sorted().toList();
		}

	}

}
