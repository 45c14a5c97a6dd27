package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketCursor;
import dev.querydriven.modeling.bucket.BucketPage;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.bucket.MultiBucketReader;
import dev.querydriven.modeling.bucket.ReadOrder;
import dev.querydriven.modeling.dualwrite.Copies;
import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.socialfeed.paging.PostCursors;
import dev.querydriven.socialfeed.paging.TimelinePosition;
import dev.querydriven.socialfeed.user.UserService;
import dev.querydriven.writeintents.IntentReplayer;
import dev.querydriven.writeintents.NewIntent;
import dev.querydriven.writeintents.WriteIntent;
import dev.querydriven.writeintents.WriteIntents;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Publishes and deletes posts (every copy, one timestamp) and reads the post lists.
 */
@Service
public class PostService implements IntentReplayer {

	static final String PUBLISHED = "post-published";

	static final String DELETED = "post-deleted";

	/** The posts an erasure reads at a time from one month. */
	private static final int ERASE_PAGE = 100;

	/**
	 * The posts an erasure deletes at once: each deletion writes a post's copies and
	 * timelines, so a few at a time keep an erasure from flooding the cluster.
	 */
	private static final int ERASE_CONCURRENCY = 4;

	private final PostRepository posts;

	private final LikeRepository likes;

	private final UserService users;

	private final DualWriter writer;

	private final Copies<PostChange> copies;

	private final WriteIntents intents;

	private final PostCursors cursors;

	private final TimeSource time;

	private final PostProperties properties;

	PostService(PostRepository posts, LikeRepository likes, UserService users, DualWriter writer,
			List<Copy<PostChange>> copies, WriteIntents intents, PostCursors cursors, TimeSource time,
			PostProperties properties) {
		this.posts = posts;
		this.likes = likes;
		this.users = users;
		this.writer = writer;
		this.copies = new Copies<>(copies, writer);
		this.intents = intents;
		this.cursors = cursors;
		this.time = time;
		this.properties = properties;
	}

	/**
	 * Publishes a post: validates it (hashtags), checks the author, then runs the change
	 * through {@link WriteIntents} (kind {@code post-published}): {@code posts_by_id}
	 * first, then {@code posts_by_user} and each hashtag's {@code posts_by_hashtag} and
	 * {@code hashtag_days} rows, then the copies (every {@link Copy} of a
	 * {@link PostChange}: the timeline's fan-out), all with the post's one timestamp, its
	 * time in microseconds. A change cut short (a failed fan-out, a client gone, a
	 * process killed) is finished by the sweeper from {@code posts_by_id}.
	 * @param postId the new post's id
	 * @param authorId the author
	 * @param content the text (validated for length by the caller)
	 * @param at the post's time
	 * @return the post once every copy is written
	 */
	public Mono<PostsByIdRow> publish(UUID postId, UUID authorId, String content, Instant at) {
		Mono<PostsByIdRow> fresh = Mono.fromSupplier(() -> new PostsByIdRow(postId, authorId, content,
				Hashtags.parse(content), at.truncatedTo(ChronoUnit.MILLIS)));
		// A keyed create repeated (same Idempotency-Key, same id) finds its post and
		// rewrites it as it is: same time, same cells, same answer.
		return this.users.require(authorId, "userId")
			.then(this.posts.findById(postId).switchIfEmpty(fresh))
			.flatMap((post) -> this.posts.insertById(post)
				.flatMap((source) -> this.intents.run(NewIntent.of(PUBLISHED, "post_id", postId), this.writer
					.execute(DenormalizedWrite.builder("post " + postId).put(source).timestamp(micros(post)).build()),
						(timestamp) -> writeCopies(post)))
				.thenReturn(post));
	}

	/**
	 * A post's write timestamp: its time, in microseconds. Derived from the source row,
	 * so a repeat and a replay write every copy with the post's own timestamp.
	 */
	private static long micros(PostsByIdRow post) {
		return ChronoUnit.MICROS.between(Instant.EPOCH, post.createdAt());
	}

	/** The post's lists and the copies' work, with the post's timestamp. */
	private Mono<Long> writeCopies(PostsByIdRow post) {
		PostChange change = new PostChange(PostChange.Kind.PUBLISHED, post, micros(post));
		DenormalizedWrite.Builder write = DenormalizedWrite.builder(change.describe() + " (lists)")
			.timestamp(change.timestampMicros());
		return this.posts.insertByUser(post)
			.concatWith(Flux.fromIterable(post.hashtags())
				.concatMap((tag) -> this.posts.insertByHashtag(tag, post)
					.concatWith(this.posts.insertHashtagDay(tag, post))))
			.doOnNext(write::put)
			.then(Mono.defer(() -> this.copies.write(change, write)));
	}

	/**
	 * Deletes a post from every table it was copied to: the copies' fan-outs (the
	 * timelines) first, then the author's and the hashtags' lists, the likes, and
	 * {@code posts_by_id} last, so a delete that fails half-way can be retried. Run
	 * through {@link WriteIntents} (kind {@code post-deleted}), whose intent names the
	 * rows it removes (the author's month, each hashtag), which no source leads to once
	 * the post is gone.
	 * @param userId the author, as given in the URL
	 * @param postId the post
	 * @return completes when every copy is deleted; a 404 when the user has no such post
	 */
	public Mono<Void> delete(UUID userId, UUID postId) {
		return this.posts.findById(postId)
			.filter((post) -> post.authorId().equals(userId))
			.switchIfEmpty(Mono
				.error(() -> new NotFoundException("User " + userId + " has no post with id " + postId + " (postId)")))
			.flatMap(this::deleteRecorded)
			.then();
	}

	/** The deletion of a post as a change of its own, recorded before its first write. */
	private Mono<Long> deleteRecorded(PostsByIdRow post) {
		long timestamp = this.time.nowMicros();
		NewIntent intent = NewIntent.of(DELETED, "post_id", post.postId())
			.timestamp(timestamp)
			.removing(Map.of("author_id", post.authorId(), "created_at", post.createdAt().toEpochMilli()));
		for (String tag : post.hashtags()) {
			intent = intent.removing(Map.of("hashtag", tag));
		}
		return this.intents.run(intent, deleteEverywhere(post, timestamp), Mono::just);
	}

	/**
	 * Deletes every post of an erased user, each through the deletion above (its own
	 * change, recorded before its first write, so a deletion cut short is finished by the
	 * sweeper whatever becomes of the erasure): the months of {@code posts_by_user} from
	 * now back to the month the user registered, each read page by page after the last
	 * post read, a few deletions at a time ({@link #ERASE_CONCURRENCY}). A post whose
	 * {@code posts_by_id} row is gone already (a deletion cut short between its copies)
	 * is deleted from the copy found in the month: the deletion does not read the source.
	 * @param userId the erased user
	 * @param registeredAt when they registered: no post is older
	 * @param now the erasure's time: no post is newer
	 * @return completes when every post of the user is deleted
	 */
	public Mono<Void> deleteEveryPostOf(UUID userId, Instant registeredAt, Instant now) {
		Bucket newest = Bucket.of(PostRepository.USER_BUCKET, now);
		Bucket oldest = Bucket.of(PostRepository.USER_BUCKET, registeredAt);
		Flux<Bucket> months = Flux.generate(() -> newest, (month, sink) -> {
			sink.next(month);
			if (month.compareTo(oldest) <= 0) {
				sink.complete();
			}
			return month.previous();
		});
		return months.concatMap((month) -> {
			BucketSlice slice = BucketSlice.of(month);
			return this.posts.findByUserBucket(userId, slice, null, ERASE_PAGE)
				.collectList()
				.expand((page) -> (page.size() < ERASE_PAGE) ? Mono.empty()
						: this.posts.findByUserBucket(userId, slice, page.get(page.size() - 1).position(), ERASE_PAGE)
							.collectList())
				.concatMapIterable(Function.identity())
				.flatMap((row) -> this.posts.findById(row.postId())
					.defaultIfEmpty(
							new PostsByIdRow(row.postId(), userId, row.content(), row.hashtags(), row.postTime()))
					.filter((post) -> post.authorId().equals(userId))
					.flatMap(this::deleteRecorded), ERASE_CONCURRENCY)
				.then();
		}).then();
	}

	private Mono<Long> deleteEverywhere(PostsByIdRow post, long timestamp) {
		return Mono.defer(() -> {
			PostChange change = new PostChange(PostChange.Kind.DELETED, post, timestamp);
			DenormalizedWrite.Builder copies = DenormalizedWrite.builder(change.describe());
			DenormalizedWrite.Builder source = DenormalizedWrite.builder(change.describe() + " (source of truth)")
				.timestamp(change.timestampMicros());
			Mono<Void> statements = this.posts.deleteByUser(post)
				.doOnNext(copies::put)
				.then(this.likes.deleteLikers(post.postId()))
				.doOnNext(copies::put)
				.thenMany(Flux.fromIterable(post.hashtags())
					.concatMap((tag) -> this.posts.deleteByHashtag(tag, post).doOnNext(copies::put)))
				.then(this.posts.deleteById(post))
				.doOnNext(source::put)
				.then();
			// The counter is deleted on its own: a counter table takes no shared
			// timestamp.
			return statements
				.then(Mono.defer(() -> this.copies.write(change, copies.timestamp(change.timestampMicros()))))
				.then(this.likes.deleteLikes(post.postId()))
				.then(Mono.defer(() -> this.writer.execute(source.build())));
		});
	}

	@Override
	public Set<String> kinds() {
		return Set.of(PUBLISHED, DELETED);
	}

	/**
	 * Finishes a publication (the post as {@code posts_by_id} holds it, with its
	 * timestamp; nothing when it was deleted since) or a deletion (from the keys its
	 * intent names, with the timestamp it records): a later change still wins.
	 */
	@Override
	public Mono<Void> replay(WriteIntent intent) {
		UUID postId = intent.uuid("post_id");
		if (PUBLISHED.equals(intent.kind())) {
			return this.posts.findById(postId).flatMap(this::writeCopies).then();
		}
		Map<String, String> author = intent.removedKeys()
			.stream()
			.filter((removed) -> removed.containsKey("author_id"))
			.findFirst()
			.orElseThrow();
		Set<String> hashtags = intent.removedKeys()
			.stream()
			.filter((removed) -> removed.containsKey("hashtag"))
			.map((removed) -> removed.get("hashtag"))
			.collect(Collectors.toSet());
		PostsByIdRow post = new PostsByIdRow(postId, UUID.fromString(author.get("author_id")), null, hashtags,
				Instant.ofEpochMilli(Long.parseLong(author.get("created_at"))));
		return deleteEverywhere(post, intent.timestampMicros()).then();
	}

	/**
	 * A post by id (Q9).
	 * @param postId the post
	 * @return the post, or empty
	 */
	public Mono<PostsByIdRow> findById(UUID postId) {
		return this.posts.findById(postId);
	}

	/**
	 * A post by id (Q9), or a 404.
	 * @param postId the post
	 * @return the post
	 */
	public Mono<PostsByIdRow> require(UUID postId) {
		return this.posts.findById(postId)
			.switchIfEmpty(Mono.error(() -> new NotFoundException("No post with id " + postId + " (postId)")));
	}

	/**
	 * A post with its (approximate) like count.
	 * @param postId the post
	 * @return the post and its likes
	 */
	public Mono<PostWithLikes> findWithLikes(UUID postId) {
		return require(postId).zipWith(this.likes.likes(postId), PostWithLikes::new);
	}

	/**
	 * A page of a user's posts, newest first (Q2): a walk over the user's monthly buckets
	 * from the current month back to the month the user registered, one partition at a
	 * time, stopping as soon as the page is full, or after
	 * {@link PostProperties#maxBucketsPerPage()} months: a quiet account's walk back to
	 * its registration is spread over several requests, each with a bounded cost.
	 * @param userId the author
	 * @param cursor the previous page's cursor, or {@code null}
	 * @param limit the page size
	 * @param now the newest instant to read
	 * @return the page
	 */
	public Mono<Page<PostsByUserRow>> latestByUser(UUID userId, String cursor, int limit, Instant now) {
		String scope = "user-posts:" + userId;
		return Mono.defer(() -> {
			BucketCursor<TimelinePosition> position = this.cursors.decode(scope, PostRepository.USER_BUCKET, cursor);
			return this.users.require(userId, "userId")
				.flatMap((user) -> MultiBucketReader.latest(
						(slice, after, max) -> this.posts.findByUserBucket(userId, slice, after, max),
						PostsByUserRow::position, PostRepository.USER_BUCKET, now, user.createdAt(), limit,
						this.properties.maxBucketsPerPage(), position))
				.onErrorMap(IllegalArgumentException.class,
						(ex) -> new InvalidRequestException("cursor", "is not a cursor issued for this list"))
				.map((page) -> new Page<>(page.items(), this.cursors.encode(scope, page.next())));
		});
	}

	/**
	 * An author's posts in {@code [from, before)}, newest first: what the timeline merges
	 * for an author whose posts are not fanned out.
	 * @param authorId the author
	 * @param from the oldest instant to read
	 * @param before the position to continue after, or {@code null} to start at
	 * {@code now}
	 * @param now the newest instant to read
	 * @param limit the most posts
	 * @return the posts (and whether more may follow)
	 */
	public Mono<BucketPage<PostsByUserRow, TimelinePosition>> postsOfAuthor(UUID authorId, Instant from,
			TimelinePosition before, Instant now, int limit) {
		// A CQL timestamp has millisecond precision: the range ends after that
		// millisecond.
		Instant to = ((before != null) ? before.time() : now).truncatedTo(ChronoUnit.MILLIS).plusMillis(1);
		if (!from.isBefore(to)) {
			return Mono.just(new BucketPage<>(List.of(), null, 0));
		}
		BucketCursor<TimelinePosition> cursor = (before != null)
				? new BucketCursor<>(Bucket.of(PostRepository.USER_BUCKET, before.time()), before) : null;
		return MultiBucketReader.range((slice, after, max) -> this.posts.findByUserBucket(authorId, slice, after, max),
				PostsByUserRow::position, PostRepository.USER_BUCKET, from, to, ReadOrder.NEWEST_FIRST, limit, cursor);
	}

	/**
	 * A page of a hashtag's posts, newest first (Q5): a walk over exactly the days the
	 * tag was used (its {@code hashtag_days} index, Q10), newest first, stopping as soon
	 * as the page is full, or after {@link PostProperties#maxBucketsPerPage()} days (a
	 * day whose posts were all deleted stays in the index, and is read empty).
	 * @param tag the tag, any case, with or without {@code #}
	 * @param cursor the previous page's cursor, or {@code null}
	 * @param limit the page size
	 * @return the page
	 */
	public Mono<Page<PostsByHashtagRow>> latestByHashtag(String tag, String cursor, int limit) {
		String hashtag = Hashtags.normalize(tag);
		String scope = "hashtag-posts:" + hashtag;
		return Mono.defer(() -> {
			BucketCursor<TimelinePosition> position = this.cursors.decode(scope, PostRepository.HASHTAG_BUCKET, cursor);
			return this.posts.findHashtagDays(hashtag, (position != null) ? position.bucket().date() : null)
				.map((day) -> BucketSlice.of(day, day.start(), day.end()))
				.collectList()
				.flatMap((days) -> MultiBucketReader.walk(
						(slice, after, max) -> this.posts.findByHashtagBucket(hashtag, slice, after, max),
						PostsByHashtagRow::position, days, limit, this.properties.maxBucketsPerPage(), position))
				.onErrorMap(IllegalArgumentException.class,
						(ex) -> new InvalidRequestException("cursor", "is not a cursor issued for this list"))
				.map((page) -> new Page<>(page.items(), this.cursors.encode(scope, page.next())));
		});
	}

	/**
	 * A post and its like count.
	 *
	 * @param post the post
	 * @param likes the approximate like count
	 */
	public record PostWithLikes(PostsByIdRow post, long likes) {

	}

}
