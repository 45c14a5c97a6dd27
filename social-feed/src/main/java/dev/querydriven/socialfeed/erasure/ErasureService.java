package dev.querydriven.socialfeed.erasure;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.web.NothingWritten;
import dev.querydriven.socialfeed.follow.FollowService;
import dev.querydriven.socialfeed.post.LikeService;
import dev.querydriven.socialfeed.post.PostService;
import dev.querydriven.socialfeed.timeline.TimelineErasure;
import dev.querydriven.socialfeed.user.UserService;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import dev.querydriven.writeintents.IntentReplayer;
import dev.querydriven.writeintents.NewIntent;
import dev.querydriven.writeintents.WriteIntent;
import dev.querydriven.writeintents.WriteIntents;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Erases a user from every table they were copied to, as one change recorded in
 * {@code write_intents} (kind {@code user-erased}) before its first write: a process
 * killed half-way, a timeout, a client gone away all end the same way, with the sweeper
 * running the erasure again from the start ({@link #replay}). Every step is idempotent,
 * so a repeat finds only what is left; every counter moves only when a lightweight
 * transaction applied (a like's row, a follow's claim), so a repeat never decrements
 * twice.
 *
 * <p>
 * The order is the lesson: a step runs only once nothing that a later step needs to find
 * its rows is gone.
 * <ol>
 * <li>The user's likes ({@code likes_by_user} leads to each liked post's likers and
 * counter).</li>
 * <li>The user's posts, each through the post's own deletion (its timelines, hashtags,
 * likers and counter, {@code posts_by_id} last), walking {@code posts_by_user} back to
 * the month the profile says the user registered.</li>
 * <li>The follows, both ways, with their claims and counters: afterwards no fan-out
 * delivers to the user any more.</li>
 * <li>The user's timeline: the days of the retention, the delivery records that name
 * them, the markers and pull rows, their high-fanout mode.</li>
 * <li>The username's and the email's claims, then the profile, last: while it exists, a
 * repeat or a replay reads from it the names to release and the month to walk back
 * to.</li>
 * </ol>
 * A user without a profile is erased (or never registered): the request is a 404, the
 * replay has nothing left to do. The intent names the user's id alone: no username or
 * email goes into {@code write_intents}.
 */
@Service
public class ErasureService implements IntentReplayer {

	static final String ERASED = "user-erased";

	/** The likes taken back at once: bounded, each is a lightweight transaction. */
	private static final int CONCURRENCY = 4;

	private final UserService users;

	private final LikeService likes;

	private final PostService posts;

	private final FollowService follows;

	private final TimelineErasure timelines;

	private final WriteIntents intents;

	private final TimeSource time;

	ErasureService(UserService users, LikeService likes, PostService posts, FollowService follows,
			TimelineErasure timelines, WriteIntents intents, TimeSource time) {
		this.users = users;
		this.likes = likes;
		this.posts = posts;
		this.follows = follows;
		this.timelines = timelines;
		this.intents = intents;
		this.time = time;
	}

	/**
	 * Erases a user. The erasure runs detached from the caller, within the changes'
	 * deadline ({@code querydriven.dual-write.intents.deadline}); one that does not
	 * finish within it (a user with many posts or follows), or whose step failed, is
	 * finished by the sweeper.
	 * @param userId the user
	 * @return {@link Outcome#ERASED} when every row is gone, {@link Outcome#RECORDED}
	 * when the erasure is recorded and the sweeper will finish it; a 404 when the user
	 * has no profile; a 503 ({@link NothingWritten}) when the erasure could not be
	 * recorded, and nothing was erased
	 */
	public Mono<Outcome> erase(UUID userId) {
		return this.users.require(userId, "userId").flatMap((user) -> {
			Instant at = this.time.instant();
			return this.intents
				.run(NewIntent.of(ERASED, "user_id", userId), eraseActivity(user, at),
						(activityErased) -> eraseOwnRows(user, at))
				.onErrorResume((failure) -> !(failure instanceof NothingWritten),
						(failure) -> Mono.just(Outcome.RECORDED));
		});
	}

	/**
	 * Steps 1 to 3, what the other users see of the user: their likes, posts and follows.
	 * The change's first part, after which the fault hooks of the process tests cut it
	 * ({@code querydriven.testing.halt-after=user-erased}).
	 */
	private Mono<Instant> eraseActivity(UsersByIdRow user, Instant at) {
		UUID userId = user.userId();
		return eraseLikes(userId, at).then(this.posts.deleteEveryPostOf(userId, user.createdAt(), at))
			.then(this.follows.eraseFollowsOf(userId, at))
			.thenReturn(at);
	}

	/** Steps 4 to 6, the rows that are the user's own: timeline, names, profile. */
	private Mono<Outcome> eraseOwnRows(UsersByIdRow user, Instant at) {
		return this.timelines.erase(user.userId(), at).then(this.users.erase(user)).thenReturn(Outcome.ERASED);
	}

	private Mono<Outcome> eraseEverywhere(UsersByIdRow user, Instant at) {
		return eraseActivity(user, at).then(eraseOwnRows(user, at));
	}

	/**
	 * Takes back every like of the user, each through the unlike of the like feature: its
	 * lightweight transaction on {@code post_likers} decides, and only the request whose
	 * delete applied decrements the post's counter, so an erasure run twice decrements
	 * once. The user's likes are read from {@code likes_by_user}, the copy of the likes
	 * keyed by the liker, a few taken back at a time.
	 */
	private Mono<Void> eraseLikes(UUID userId, Instant at) {
		return this.likes.likesBy(userId)
			.flatMap((like) -> this.likes.unlike(like.postId(), userId, at), CONCURRENCY)
			.then();
	}

	@Override
	public Set<String> kinds() {
		return Set.of(ERASED);
	}

	/**
	 * Finishes an erasure cut short: runs it again from the start, as of now, while the
	 * profile exists (it goes last, so a missing profile means the erasure finished). A
	 * profile created after the erasure began is a new registration of the same id (the
	 * same subject, registering again) and is left alone.
	 */
	@Override
	public Mono<Void> replay(WriteIntent intent) {
		UUID userId = intent.uuid("user_id");
		return this.users.findById(userId)
			.filter((user) -> !user.createdAt().isAfter(intent.begunAt()))
			.flatMap((user) -> eraseEverywhere(user, this.time.instant()))
			.then();
	}

	/** What an erasure request can promise. */
	public enum Outcome {

		/** Every row of the user is gone. */
		ERASED,

		/**
		 * The erasure is recorded, and not finished yet: the sweeper finishes it (or a
		 * repeated request does).
		 */
		RECORDED

	}

}
