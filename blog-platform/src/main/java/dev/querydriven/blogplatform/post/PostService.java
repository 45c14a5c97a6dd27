package dev.querydriven.blogplatform.post;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.querydriven.modeling.dualwrite.Copies;
import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.dualwrite.WriteStrategy;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.NotFoundException;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

import org.springframework.stereotype.Service;

/**
 * The modeling decisions of a post's life: the source row is decided first, under a
 * lightweight transaction, and every copy follows with the decided version's timestamp.
 *
 * <ul>
 * <li><b>Publish</b>: {@code INSERT ... IF NOT EXISTS}, then the copies.</li>
 * <li><b>Edit</b>: read the current version, compute the next one, and decide it with
 * {@code UPDATE ... IF version = current}. When another edit won the race, re-read and
 * retry: concurrent edits of one post are serialised, and because each version's copies
 * carry a timestamp above the previous version's, no stale copy can survive, whatever
 * order the copies land in. A move to another category deletes the old copy and inserts
 * the new one in the same write; an edit that changes nothing decides no new version (a
 * move to the same category is no move: at equal timestamps a delete would beat the
 * insert and lose the copy).</li>
 * <li><b>Delete</b>: decide a deletion version (the post reads as gone from then on),
 * remove every copy and the comments with its timestamp, then the counters, then the
 * source row.</li>
 * </ul>
 * Every path that finds a decided version writes (or removes) its copies again, with the
 * same timestamp: a request retried after a failure between the decision and the copies
 * repairs them. A transaction whose answer was lost (a timeout after Paxos decided) is
 * retried by {@code LightweightTransactions} and then finds its own version decided: an
 * edit re-reads it and finds nothing left to change (so it replays the copies), a
 * publication recognises its own first version by its write timestamp.
 */
@Service
public class PostService {

	/** Retries after losing a race to a concurrent edit of the same post. */
	static final int MAX_RETRIES = 10;

	private final PostRepository posts;

	private final PostViewsRepository views;

	private final Copies<PostsByIdRow> copies;

	private final TimeSource time;

	PostService(PostRepository posts, PostViewsRepository views, List<Copy<PostsByIdRow>> copies, DualWriter writer,
			TimeSource time) {
		this.posts = posts;
		this.views = views;
		this.copies = new Copies<>(copies, writer);
		this.time = time;
	}

	/**
	 * Publishes a post: the source row, then its copies.
	 * @param post the post, validated
	 * @return the first version, or empty when a post with this id exists already (a
	 * replayed publication changes nothing)
	 */
	public Mono<PostsByIdRow> publish(NewPost post) {
		return Mono.defer(() -> {
			UUID postId = (post.postId() != null) ? post.postId() : UUID.randomUUID();
			Instant createdAt = (post.createdAt() != null) ? post.createdAt() : this.time.instantMillis();
			PostsByIdRow first = new PostsByIdRow(postId, post.authorId(), post.title(), post.body(), post.category(),
					post.category(), createdAt, 1, this.time.nowMicros(), false);
			return this.posts.insertIfNotExists(first).flatMap((created) -> {
				if (created) {
					return writeCopies(first).thenReturn(first);
				}
				// Not applied: a post with this id exists, or this request's own first
				// attempt applied and its answer was lost. Its write timestamp, unique to
				// this attempt, tells them apart.
				return this.posts.findByIdLinearizable(postId)
					.filter((existing) -> existing.version() == 1 && existing.writeTime() == first.writeTime())
					.flatMap((own) -> writeCopies(own).thenReturn(own));
			});
		});
	}

	/**
	 * The current version of a post that exists.
	 * @param postId the post
	 * @return the post, or a {@link NotFoundException}
	 */
	public Mono<PostsByIdRow> requireExisting(UUID postId) {
		return this.posts.findById(postId)
			.filter((post) -> !post.deleted())
			.switchIfEmpty(Mono.error(() -> new NotFoundException("No post " + postId)));
	}

	/**
	 * A post and its view count.
	 * @param postId the post
	 * @return the post, or a {@link NotFoundException}
	 */
	Mono<PostWithViews> find(UUID postId) {
		return requireExisting(postId).zipWith(this.views.findViews(postId), PostWithViews::new);
	}

	/**
	 * Edits a post, serialised with any concurrent edit of it.
	 * @param postId the post
	 * @param changes the fields to change
	 * @return the resulting version, with the view count
	 */
	Mono<PostWithViews> edit(UUID postId, PostChanges changes) {
		return Mono.defer(() -> requireExisting(postId).flatMap((current) -> {
			String title = (changes.title() != null) ? changes.title() : current.title();
			String body = (changes.body() != null) ? changes.body() : current.body();
			String category = (changes.category() != null) ? changes.category() : current.category();
			if (current.hasContent(title, body, category)) {
				// No new version. Replaying the current one's copies rewrites the same
				// cells with the same timestamp: nothing changes, unless a failed request
				// left them behind, which this repairs.
				return writeCopies(current).thenReturn(current);
			}
			PostsByIdRow next = current.next(title, body, category, this.time.nextTimestamp(current.writeTime()));
			return decide(this.posts.updateIfVersion(next, current.version()), next);
		})).retryWhen(retryLostRaces()).zipWith(this.views.findViews(postId), PostWithViews::new);
	}

	/**
	 * Deletes a post, every copy of it and its comments.
	 * @param postId the post
	 * @return completion
	 */
	Mono<Void> delete(UUID postId) {
		Mono<PostsByIdRow> deletion = Mono.defer(() -> this.posts.findById(postId)
			.switchIfEmpty(Mono.error(() -> new NotFoundException("No post " + postId)))
			.flatMap((current) -> {
				if (current.deleted()) {
					// A deletion decided earlier did not finish: replay its removals.
					return writeCopies(current).thenReturn(current);
				}
				PostsByIdRow decided = current.deletion(this.time.nextTimestamp(current.writeTime()));
				return decide(this.posts.updateIfVersion(decided, current.version()), decided);
			})).retryWhen(retryLostRaces());
		return deletion.flatMap((decided) -> this.views.delete(postId)
			.then(this.posts.deleteIfVersion(postId, decided.version()))
			.then());
	}

	/**
	 * Counts a view of an existing post.
	 * @param postId the post
	 * @return completion, or a {@link NotFoundException}
	 */
	Mono<Void> recordView(UUID postId) {
		return requireExisting(postId).then(this.views.increment(postId));
	}

	/**
	 * Decides a version with its lightweight transaction and, only if it applied, writes
	 * its copies (or removals) with the version's timestamp.
	 * @return the version, or a {@link LostRace} when another change decided first
	 */
	private Mono<PostsByIdRow> decide(Mono<Boolean> lightweightTransaction, PostsByIdRow version) {
		return lightweightTransaction.flatMap((applied) -> applied ? writeCopies(version).thenReturn(version)
				: Mono.error(new LostRace(version.postId())));
	}

	/**
	 * Retries after a lost race with a small random backoff (so contenders spread out),
	 * then gives up with a 409.
	 */
	private static Retry retryLostRaces() {
		return Retry.backoff(MAX_RETRIES, Duration.ofMillis(5))
			.maxBackoff(Duration.ofMillis(200))
			.jitter(0.5)
			.filter(LostRace.class::isInstance)
			.onRetryExhaustedThrow((spec, signal) -> new ConflictException(
					"The post kept changing under concurrent edits; read it again and retry"));
	}

	/**
	 * Another edit decided the next version first.
	 */
	private static final class LostRace extends RuntimeException {

		private static final long serialVersionUID = 1L;

		LostRace(UUID postId) {
			super("Post " + postId + " changed concurrently", null, false, false);
		}

	}

	/**
	 * Writes every copy of a version (or, for a deletion version, every removal) in one
	 * logged batch with the version's timestamp: the copies of one post are few and
	 * small, and the batch log makes them all land or none, even if this instance dies
	 * half-way.
	 */
	private Mono<Void> writeCopies(PostsByIdRow version) {
		return Mono.defer(() -> {
			String what = version.deleted() ? "remove copies of post " + version.postId()
					: "write copies of post " + version.postId() + " v" + version.version();
			return this.copies.write(version,
					DenormalizedWrite.builder(what).strategy(WriteStrategy.LOGGED_BATCH).timestamp(version.writeTime()))
				.then();
		});
	}

}
