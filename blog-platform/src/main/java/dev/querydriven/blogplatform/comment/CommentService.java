package dev.querydriven.blogplatform.comment;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import dev.querydriven.blogplatform.post.PostService;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.idempotency.IdempotencyKeys;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.servicesupport.text.TextKind;
import dev.querydriven.servicesupport.text.TextRules;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.Page;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Adds comments to existing posts, within the per-post cap, and pages through a thread.
 */
@Service
public class CommentService {

	/** Characters in an author name. */
	static final int MAX_AUTHOR_NAME = 50;

	/** Characters in a comment. */
	static final int MAX_TEXT = 2_000;

	private final PostService posts;

	private final CommentRepository comments;

	private final CommentCountRepository counts;

	private final CommentProperties properties;

	private final CursorCodec cursors;

	private final TimeSource time;

	private final IdempotencyKeys keys;

	CommentService(PostService posts, CommentRepository comments, CommentCountRepository counts,
			CommentProperties properties, CursorCodec cursors, TimeSource time, IdempotencyKeys keys) {
		this.posts = posts;
		this.comments = comments;
		this.counts = counts;
		this.properties = properties;
		this.cursors = cursors;
		this.time = time;
		this.keys = keys;
	}

	/**
	 * Adds a comment to an existing post whose thread is not full, once per
	 * {@code Idempotency-Key}.
	 *
	 * <p>
	 * The comment's id is a time-based id and its time is the id's: a keyed repeat gets
	 * the id its first request drew, and so the same key ({@code created_at},
	 * {@code comment_id}) and the same cells, instead of a second comment. A repeat skips
	 * the cap and the count: the first request was counted (a counter increment is not
	 * idempotent), and should it have failed before counting, the count is one low, which
	 * a size bound tolerates like the few concurrent comments that pass it.
	 *
	 * <p>
	 * The key is scoped to the post and the acting user, the subject of the request's
	 * token: two users may use the same key, and a user whose name changed between two
	 * attempts still gets the first one's comment.
	 * @param postId the post
	 * @param author who writes it: the comment shows {@link #authorName(Caller) their
	 * name}
	 * @param text the comment, validated
	 * @param idempotencyKey the request's key, or {@code null} for a new comment every
	 * time
	 * @return the comment, a {@code NotFoundException} for an unknown post, or a
	 * {@link ConflictException} when the thread is full
	 */
	Mono<CommentsByPostRow> add(UUID postId, Caller author, String text, String idempotencyKey) {
		return Mono.defer(() -> {
			UUID drawn = this.time.timeBasedId();
			String authorName = authorName(author);
			return this.keys
				.idFor("post:" + postId + ":user:" + author.id(), idempotencyKey, new KeyedComment(text), () -> drawn)
				.flatMap((commentId) -> {
					CommentsByPostRow comment = new CommentsByPostRow(postId,
							TimeSource.instantOf(commentId).truncatedTo(ChronoUnit.MILLIS), commentId, authorName,
							text);
					return commentId.equals(drawn) ? add(comment) : repeat(comment);
				});
		});
	}

	/**
	 * What a keyed comment's claim holds a hash of: the request as the client sent it.
	 */
	record KeyedComment(String text) {

	}

	/**
	 * The name a comment shows: the caller's ({@link Caller#name()}: the token's
	 * {@code name}, else its {@code preferred_username}, else its subject), on one line
	 * and at most {@value #MAX_AUTHOR_NAME} characters. The name is the issuer's claim,
	 * not a field of the request, so the text rules every request's strings pass never
	 * saw it: characters they refuse on a line are left out here, and a longer name is
	 * cut (a bounded name is part of what bounds the thread's partition). A name with
	 * nothing left shows the caller's user id.
	 * @param caller the author
	 * @return the name to store and show
	 */
	static String authorName(Caller caller) {
		StringBuilder name = new StringBuilder();
		caller.name().codePoints().forEach((codePoint) -> {
			String character = Character.toString(codePoint);
			if (TextRules.violation(character, TextKind.LINE) == null) {
				name.append(character);
			}
		});
		String cleaned = name.toString().strip();
		if (cleaned.isEmpty()) {
			return caller.id().toString();
		}
		if (cleaned.length() <= MAX_AUTHOR_NAME) {
			return cleaned;
		}
		int end = Character.isHighSurrogate(cleaned.charAt(MAX_AUTHOR_NAME - 1)) ? MAX_AUTHOR_NAME - 1
				: MAX_AUTHOR_NAME;
		return cleaned.substring(0, end).strip();
	}

	/**
	 * Adds a comment with a given id and time (the demo seeder's replayable comments).
	 * @param postId the post
	 * @param commentId the comment's id
	 * @param createdAt when it was written
	 * @param authorName who writes it, validated
	 * @param text the comment, validated
	 * @return completion, or the errors of {@link #add(UUID, String, String)}
	 */
	public Mono<Void> add(UUID postId, UUID commentId, Instant createdAt, String authorName, String text) {
		return add(new CommentsByPostRow(postId, createdAt.truncatedTo(ChronoUnit.MILLIS), commentId, authorName, text))
			.then();
	}

	/**
	 * A keyed comment sent again: the same row written again (same key, same values),
	 * neither capped nor counted again.
	 */
	private Mono<CommentsByPostRow> repeat(CommentsByPostRow comment) {
		return this.posts.requireExisting(comment.postId())
			.then(this.comments.insert(comment, this.time.nowMicros()))
			.thenReturn(comment);
	}

	private Mono<CommentsByPostRow> add(CommentsByPostRow comment) {
		UUID postId = comment.postId();
		return this.posts.requireExisting(postId)
			.then(this.counts.findCount(postId))
			.flatMap((count) -> (count >= this.properties.maxPerPost())
					? Mono.error(new ConflictException("Post " + postId + " has reached its limit of "
							+ this.properties.maxPerPost() + " comments"))
					: this.comments.insert(comment, this.time.nowMicros()).then(this.counts.increment(postId)))
			.thenReturn(comment);
	}

	/**
	 * A page of a post's comments, oldest first.
	 * @param postId the post
	 * @param cursor the previous page's {@code next}, or {@code null}
	 * @param limit the page size
	 * @return the page, or a {@code NotFoundException} for an unknown post
	 */
	Mono<Page<CommentsByPostRow>> findOldestFirst(UUID postId, String cursor, int limit) {
		String scope = "post-comments:" + postId;
		Mono<List<CommentsByPostRow>> rows = Mono.defer(() -> {
			if (cursor == null) {
				return this.comments.findOldestFirstByPost(postId, null, null, limit + 1).collectList();
			}
			List<String> position = this.cursors.decodeValues(scope, cursor);
			Instant afterTime;
			UUID afterId;
			try {
				afterTime = Instant.ofEpochMilli(Long.parseLong(position.get(0)));
				afterId = UUID.fromString(position.get(1));
			}
			catch (RuntimeException ex) {
				throw new InvalidRequestException("cursor", "is not a cursor issued for this list");
			}
			return this.comments.findOldestFirstByPost(postId, afterTime, afterId, limit + 1).collectList();
		});
		return this.posts.requireExisting(postId).then(rows).map((items) -> {
			List<CommentsByPostRow> page = items.subList(0, Math.min(limit, items.size()));
			String next = null;
			if (items.size() > limit) {
				CommentsByPostRow last = page.get(page.size() - 1);
				next = this.cursors.encode(scope,
						List.of(Long.toString(last.createdAt().toEpochMilli()), last.commentId().toString()));
			}
			return new Page<>(page, next);
		});
	}

}
