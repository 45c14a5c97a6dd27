package dev.querydriven.blogplatform.post;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import dev.querydriven.modeling.dualwrite.Copies;
import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.dualwrite.WriteStrategy;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.idempotency.IdempotencyKeys;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.writeintents.NewIntent;
import dev.querydriven.writeintents.WriteIntent;
import dev.querydriven.writeintents.WriteIntents;
import reactor.core.publisher.Flux;
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
 * An edit and a deletion are the author's alone: the post's row says who that is, so the
 * caller is checked against the version read first, before the change's intent or any
 * other write (another user gets a 403 and nothing is written). The author never changes,
 * so the versions read again after a lost race need no second check. Every path that
 * finds a decided version writes (or removes) its copies again, with the same timestamp:
 * a request retried after a failure between the decision and the copies repairs them. A
 * transaction whose answer was lost (a timeout after Paxos decided) is retried by
 * {@code LightweightTransactions} and then finds its own version decided: an edit
 * re-reads it and finds nothing left to change (so it replays the copies), a publication
 * recognises its own first version by its write timestamp.
 *
 * <p>
 * <b>Every change is recorded before it begins.</b> A creation, an edit and a deletion
 * each run through {@link WriteIntents}: an intent naming the post
 * ({@code write_intents}) is written before the transaction, and the transaction and the
 * copies then run detached from the request, so a client that disconnects no longer stops
 * them half-way. A change cut short anyway (a copy that outlived its retries, a killed
 * process) is finished by {@link #replay}, which the sweeper calls: it reads the post at
 * {@code SERIAL} and rewrites the copies of the version it finds, never of an older one.
 */
@Service
public class PostService {

	/** Retries after losing a race to a concurrent edit of the same post. */
	static final int MAX_RETRIES = 10;

	/** A publication: its intent names the new post. */
	public static final String CREATED = "blog-post-created";

	/** An edit: its intent names the post and the keys of the copies the edit read. */
	public static final String EDITED = "blog-post-edited";

	/** A deletion: its intent names the post and the keys of the copies it removes. */
	public static final String DELETED = "blog-post-deleted";

	private final PostRepository posts;

	private final PostViewsRepository views;

	private final Copies<PostsByIdRow> copies;

	private final TimeSource time;

	private final WriteIntents intents;

	private final IdempotencyKeys keys;

	PostService(PostRepository posts, PostViewsRepository views, List<Copy<PostsByIdRow>> copies, DualWriter writer,
			TimeSource time, WriteIntents intents, IdempotencyKeys keys) {
		this.posts = posts;
		this.views = views;
		this.copies = new Copies<>(copies, writer);
		this.time = time;
		this.intents = intents;
		this.keys = keys;
	}

	/**
	 * Publishes a post: the source row, then its copies.
	 * @param post the post, validated
	 * @return the first version, or empty when a post with this id exists already (a
	 * replayed publication changes nothing)
	 */
	public Mono<PostsByIdRow> publish(NewPost post) {
		return publish(post, false);
	}

	/**
	 * Publishes a post once per {@code Idempotency-Key}: the key's first request draws
	 * the post's id, and every repeat of the same request publishes on that id again,
	 * which finds the post and answers as the first request did.
	 *
	 * <p>
	 * The key is scoped to the acting user, the subject of the request's token, who is
	 * the post's author: two authors may use the same key.
	 * @param post the post, validated, without an id, its author the caller
	 * @param idempotencyKey the request's key, or {@code null} for a new post every time
	 * @return the first version, as first published
	 */
	Mono<PostsByIdRow> publish(NewPost post, String idempotencyKey) {
		if (idempotencyKey == null) {
			return publish(post);
		}
		return this.keys.idFor("author:" + post.authorId(), idempotencyKey, post, UUID::randomUUID)
			.flatMap((postId) -> publish(post.withPostId(postId), true));
	}

	/**
	 * @param idClaimed whether the id was claimed for this very request (a keyed create):
	 * then a post found on it is this request's own, published by an earlier attempt
	 */
	private Mono<PostsByIdRow> publish(NewPost post, boolean idClaimed) {
		return Mono.defer(() -> {
			UUID postId = (post.postId() != null) ? post.postId() : UUID.randomUUID();
			Instant createdAt = (post.createdAt() != null) ? post.createdAt() : this.time.instantMillis();
			PostsByIdRow first = new PostsByIdRow(postId, post.authorId(), post.title(), post.body(), post.category(),
					post.category(), createdAt, 1, this.time.nowMicros(), false);
			Mono<Publication> source = this.posts.insertIfNotExists(first).flatMap((created) -> {
				if (created) {
					return Mono.just(new Publication(first, first));
				}
				// Not applied: a post with this id exists, or this request's own first
				// attempt applied and its answer was lost. Its write timestamp, unique to
				// this attempt, tells them apart; a keyed create's id is its own anyway.
				// The answer is the first version as first published (a keyed repeat
				// answers what the first request did), the copies those of the version
				// found (never an older one).
				return this.posts.findByIdLinearizable(postId)
					.filter((existing) -> idClaimed
							|| (existing.version() == 1 && existing.writeTime() == first.writeTime()))
					.map((own) -> new Publication(first.publishedAt(own.createdAt()), own));
			});
			return this.intents.run(NewIntent.of(CREATED, "post_id", postId), source,
					(publication) -> writeCopies(publication.current()).thenReturn(publication.answer()));
		});
	}

	/**
	 * What a publication answers, and the version whose copies it writes.
	 */
	private record Publication(PostsByIdRow answer, PostsByIdRow current) {

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
	 * @param caller who asks: only the post's author may edit it
	 * @return the resulting version, with the view count; a {@code NotFoundException}, or
	 * an {@code AccessDeniedException} for anyone but the author (nothing written)
	 */
	Mono<PostWithViews> edit(UUID postId, PostChanges changes, Caller caller) {
		return requireExisting(postId).doOnNext((read) -> caller.requireOwnerOr(read.authorId())).flatMap((read) -> {
			NewIntent intent = NewIntent.of(EDITED, "post_id", postId).removing(copyKeys(read));
			Mono<PostsByIdRow> decided = fromReadThenReread(read, () -> requireExisting(postId)).flatMap((current) -> {
				String title = (changes.title() != null) ? changes.title() : current.title();
				String body = (changes.body() != null) ? changes.body() : current.body();
				String category = (changes.category() != null) ? changes.category() : current.category();
				if (current.hasContent(title, body, category)) {
					// No new version. Replaying the current one's copies rewrites the
					// same cells with the same timestamp: nothing changes, unless a
					// failed request left them behind, which this repairs.
					return Mono.just(current);
				}
				PostsByIdRow next = current.next(title, body, category, this.time.nextTimestamp(current.writeTime()));
				return decide(this.posts.updateIfVersion(next, current.version()), next);
			}).retryWhen(retryLostRaces());
			return this.intents.run(intent, decided, (version) -> writeCopies(version).thenReturn(version));
		}).zipWith(this.views.findViews(postId), PostWithViews::new);
	}

	/**
	 * Deletes a post, every copy of it and its comments.
	 * @param postId the post
	 * @param caller who asks: only the post's author may delete it
	 * @return completion; a {@code NotFoundException}, or an
	 * {@code AccessDeniedException} for anyone but the author (nothing written)
	 */
	Mono<Void> delete(UUID postId, Caller caller) {
		Mono<PostsByIdRow> existing = Mono.defer(() -> this.posts.findById(postId)
			.switchIfEmpty(Mono.error(() -> new NotFoundException("No post " + postId))));
		return existing.doOnNext((read) -> caller.requireOwnerOr(read.authorId())).flatMap((read) -> {
			NewIntent intent = NewIntent.of(DELETED, "post_id", postId).removing(copyKeys(read));
			Mono<PostsByIdRow> decided = fromReadThenReread(read, () -> existing).flatMap((current) -> {
				if (current.deleted()) {
					// A deletion decided earlier did not finish: replay its removals.
					return Mono.just(current);
				}
				PostsByIdRow deletion = current.deletion(this.time.nextTimestamp(current.writeTime()));
				return decide(this.posts.updateIfVersion(deletion, current.version()), deletion);
			}).retryWhen(retryLostRaces());
			return this.intents.run(intent, decided, (deletion) -> finishDeletion(deletion).thenReturn(true));
		}).then();
	}

	/**
	 * Removes a decided deletion's copies, thread and counters, then the post's row:
	 * last, so that a deletion cut short still finds its row, and with it what to remove.
	 */
	private Mono<Void> finishDeletion(PostsByIdRow deletion) {
		return writeCopies(deletion).then(this.views.delete(deletion.postId()))
			.then(this.posts.deleteIfVersion(deletion.postId(), deletion.version()))
			.then();
	}

	/**
	 * The version a change read before its intent was recorded (the intent names its
	 * copies' keys), then, for each retry after a lost race, the version read again.
	 */
	private static Mono<PostsByIdRow> fromReadThenReread(PostsByIdRow read, Supplier<Mono<PostsByIdRow>> reread) {
		AtomicReference<PostsByIdRow> first = new AtomicReference<>(read);
		return Mono.defer(() -> {
			PostsByIdRow unused = first.getAndSet(null);
			return (unused != null) ? Mono.just(unused) : reread.get();
		});
	}

	/**
	 * The keys of a version's copies, as an intent names them: the author's row and the
	 * category rows (the category, and the one it moved from) are keyed by these. A
	 * change that is overtaken before its copies land may leave a copy under a category
	 * the current version no longer names; its replay removes it.
	 */
	private static Map<String, Object> copyKeys(PostsByIdRow version) {
		Map<String, Object> keys = new LinkedHashMap<>();
		keys.put("author_id", version.authorId());
		keys.put("created_at", version.createdAt().toEpochMilli());
		keys.put("category", version.category());
		if (version.previousCategory() != null) {
			keys.put("previous_category", version.previousCategory());
		}
		return keys;
	}

	/**
	 * Finishes a change of a post that was cut short, from the post as Paxos sees it (a
	 * {@code SERIAL} read, which also completes a transaction left in flight):
	 * <ul>
	 * <li>no post: a publication that never applied has nothing to finish; an edit or a
	 * deletion found a post that was deleted since, and whose row goes last, so its
	 * copies are gone, but for any named by the intent (an overtaken move): those are
	 * removed;</li>
	 * <li>an edit whose version was never decided (the post holds no version written
	 * since the edit began), or a deletion that never applied (the post is not deleted):
	 * nothing to do;</li>
	 * <li>otherwise the copies of the version found are written again, with its own
	 * timestamp, and any copy under a category the intent names but that version does not
	 * is removed with it; a deletion is finished (thread, counters, then the row). The
	 * version found may be a later change that overtook this one: its copies are
	 * rewritten, never this change's, so the later change is never undone.</li>
	 * </ul>
	 * Every write here rewrites cells with the timestamp they have, or removes them with
	 * a later one: a replay of a finished change changes nothing.
	 * @param intent the change as recorded when it began
	 * @return completes once the copies agree with the post
	 */
	Mono<Void> replay(WriteIntent intent) {
		UUID postId = intent.uuid("post_id");
		return this.posts.findByIdLinearizable(postId).flatMap((current) -> {
			boolean applied = switch (intent.kind()) {
				case EDITED -> current.writeTime() >= micros(intent.begunAt().truncatedTo(ChronoUnit.MILLIS));
				case DELETED -> current.deleted();
				default -> true;
			};
			if (!applied) {
				return Mono.just(false);
			}
			Mono<Void> finish = current.deleted() ? removeLeftBehind(current, intent).then(finishDeletion(current))
					: writeCopies(current).then(removeLeftBehind(current, intent));
			return finish.thenReturn(true);
		})
			.switchIfEmpty(Mono.defer(() -> CREATED.equals(intent.kind()) ? Mono.just(false)
					: removeNamed(postId, intent).thenReturn(true)))
			.then();
	}

	/**
	 * Removes the copies under the categories an intent names that the current version no
	 * longer leads to: its copies, replayed as if it had moved from each of them.
	 */
	private Mono<Void> removeLeftBehind(PostsByIdRow current, WriteIntent intent) {
		return Flux.fromIterable(namedCategories(intent))
			.filter((category) -> !category.equals(current.category()) && !category.equals(current.previousCategory()))
			.concatMap((category) -> writeCopies(current.leaving(category)))
			.then();
	}

	/**
	 * Removes every copy an intent names, of a post whose row is gone: it was deleted,
	 * and nothing of it may be newer than now.
	 */
	private Mono<Void> removeNamed(UUID postId, WriteIntent intent) {
		return Flux.fromIterable(intent.removedKeys()).concatMap((key) -> {
			String category = key.get("category");
			PostsByIdRow gone = new PostsByIdRow(postId, UUID.fromString(key.get("author_id")), "", "", category,
					key.getOrDefault("previous_category", category),
					Instant.ofEpochMilli(Long.parseLong(key.get("created_at"))), 0, this.time.nowMicros(), true);
			return writeCopies(gone).then(this.views.delete(postId));
		}).then();
	}

	private static Set<String> namedCategories(WriteIntent intent) {
		Set<String> categories = new LinkedHashSet<>();
		for (Map<String, String> key : intent.removedKeys()) {
			categories.add(key.get("category"));
			if (key.containsKey("previous_category")) {
				categories.add(key.get("previous_category"));
			}
		}
		return categories;
	}

	private static long micros(Instant instant) {
		return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
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
	 * Decides a version with its lightweight transaction; only if it applied are its
	 * copies (or removals) written, with the version's timestamp.
	 * @return the version, or a {@link LostRace} when another change decided first
	 */
	private Mono<PostsByIdRow> decide(Mono<Boolean> lightweightTransaction, PostsByIdRow version) {
		return lightweightTransaction
			.flatMap((applied) -> applied ? Mono.just(version) : Mono.error(new LostRace(version.postId())));
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
