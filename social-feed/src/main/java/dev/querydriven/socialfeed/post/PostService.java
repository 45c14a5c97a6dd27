package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketCursor;
import dev.querydriven.modeling.bucket.BucketPage;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.bucket.MultiBucketReader;
import dev.querydriven.modeling.bucket.ReadOrder;
import dev.querydriven.modeling.dualwrite.AfterWriteException;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Publishes and deletes posts (every copy, one timestamp) and reads the post lists.
 */
@Service
public class PostService {

	private static final Logger logger = LoggerFactory.getLogger(PostService.class);

	private final PostRepository posts;

	private final LikeRepository likes;

	private final UserService users;

	private final DualWriter writer;

	private final Copies<PostChange> copies;

	private final PostCursors cursors;

	private final TimeSource time;

	private final PostProperties properties;

	PostService(PostRepository posts, LikeRepository likes, UserService users, DualWriter writer,
			List<Copy<PostChange>> copies, PostCursors cursors, TimeSource time, PostProperties properties) {
		this.posts = posts;
		this.likes = likes;
		this.users = users;
		this.writer = writer;
		this.copies = new Copies<>(copies, writer);
		this.cursors = cursors;
		this.time = time;
		this.properties = properties;
	}

	/**
	 * Publishes a post: validates it (hashtags), checks the author, writes
	 * {@code posts_by_id}, {@code posts_by_user} and each hashtag's
	 * {@code posts_by_hashtag} and {@code hashtag_days} rows with one timestamp, then
	 * lets the copies (every {@link Copy} of a {@link PostChange}: the timeline) fan it
	 * out with the same timestamp. If the fan-out fails, the post is deleted again (every
	 * copy written so far), so a failed request leaves nothing behind.
	 * @param postId the new post's id
	 * @param authorId the author
	 * @param content the text (validated for length by the caller)
	 * @param at the post's time
	 * @return the post once every copy is written
	 */
	public Mono<PostsByIdRow> publish(UUID postId, UUID authorId, String content, Instant at) {
		return Mono.defer(() -> {
			Set<String> hashtags = Hashtags.parse(content);
			PostsByIdRow post = new PostsByIdRow(postId, authorId, content, hashtags,
					at.truncatedTo(ChronoUnit.MILLIS));
			PostChange change = new PostChange(PostChange.Kind.PUBLISHED, post, this.time.nowMicros());
			DenormalizedWrite.Builder write = DenormalizedWrite.builder(change.describe());
			return this.users.require(authorId, "userId")
				.then(this.posts.insertById(post))
				.doOnNext(write::put)
				.then(this.posts.insertByUser(post))
				.doOnNext(write::put)
				.thenMany(Flux.fromIterable(post.hashtags())
					.concatMap((tag) -> this.posts.insertByHashtag(tag, post)
						.doOnNext(write::put)
						.then(this.posts.insertHashtagDay(tag, post))
						.doOnNext(write::put)))
				.then(Mono.defer(() -> this.copies.write(change, write.timestamp(change.timestampMicros())).then()))
				.onErrorResume(AfterWriteException.class, (error) -> undo(post, error.getCause()))
				.thenReturn(post);
		});
	}

	private Mono<Void> undo(PostsByIdRow post, Throwable error) {
		logger.warn("Fan-out of post {} failed, deleting the post again: {}", post.postId(), error.toString());
		return deleteEverywhere(post).onErrorResume((undoError) -> {
			error.addSuppressed(undoError);
			return Mono.empty();
		}).then(Mono.error(error));
	}

	/**
	 * Deletes a post from every table it was copied to: the copies' fan-outs (the
	 * timelines) first, then the author's and the hashtags' lists, the likes, and
	 * {@code posts_by_id} last, so a delete that fails half-way can be retried.
	 * @param userId the author, as given in the URL
	 * @param postId the post
	 * @return completes when every copy is deleted; a 404 when the user has no such post
	 */
	public Mono<Void> delete(UUID userId, UUID postId) {
		return this.posts.findById(postId)
			.filter((post) -> post.authorId().equals(userId))
			.switchIfEmpty(Mono
				.error(() -> new NotFoundException("User " + userId + " has no post with id " + postId + " (postId)")))
			.flatMap(this::deleteEverywhere);
	}

	private Mono<Void> deleteEverywhere(PostsByIdRow post) {
		return Mono.defer(() -> {
			PostChange change = new PostChange(PostChange.Kind.DELETED, post, this.time.nowMicros());
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
				.then(Mono.defer(() -> this.writer.execute(source.build())))
				.then();
		});
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
