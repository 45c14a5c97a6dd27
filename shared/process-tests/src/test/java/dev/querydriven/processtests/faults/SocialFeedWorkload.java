package dev.querydriven.processtests.faults;

import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import com.datastax.oss.driver.api.core.cql.Row;
import com.jayway.jsonpath.JsonPath;
import dev.querydriven.benchmarks.api.HttpCall.Caller;

/**
 * social-feed under load: circles of three users, each circle an author and two
 * followers. Each user registers, both follow the author, then the author posts (with a
 * hashtag, keyed so that a post sent again after a 503 is the same post) and a follower
 * likes each post, six posts in all; then a new circle begins. Every request acts as its
 * own user ("Who may act" in the service's README).
 *
 * <p>
 * What each acknowledgement promises (the service's README, "Access patterns"): a
 * registration its profile and both claims; a follow its row in the follower's list, its
 * follower row in every shard that row names, and its claim; a post its source row, its
 * copy in the author's month, in each hashtag's day and that day in the hashtag's index,
 * and its entry in the timeline of each follower whose follow was acknowledged before it,
 * with the record of that delivery; a like the liker's row and its copy in the liker's
 * likes. Counters are left out: they are approximate by design.
 */
final class SocialFeedWorkload implements Workload {

	private static final int POSTS_PER_CIRCLE = 6;

	private static final int HASHTAGS = 4;

	@Override
	public String service() {
		return "social-feed";
	}

	@Override
	public Client client() {
		Circle circle = new Circle();
		Steps steps = new Steps().then(() -> register(circle.author))
			.then(() -> register(circle.first))
			.then(() -> register(circle.second))
			.then(() -> follow(circle.first, circle.author))
			.then(() -> follow(circle.second, circle.author));
		for (int i = 0; i < POSTS_PER_CIRCLE; i++) {
			String content = "Still here #faults" + (i % HASHTAGS);
			Member liker = (i % 2 == 0) ? circle.first : circle.second;
			steps.then(() -> post(circle, content)).then(() -> like(liker, circle.latestPost));
		}
		return steps;
	}

	private static Call register(Member member) {
		String json = """
				{"username": "%s", "email": "%s", "displayName": "Fault %s"}
				""".formatted(member.username(), member.email(), member.username());
		return new Call(member.caller(), "POST", "/users", json,
				(body) -> new Write("registration of " + member.id(), (checks) -> {
					checks.expect("SELECT user_id FROM social_feed.users_by_id WHERE user_id = ?", member.id());
					checks.expect((row) -> member.id().equals(row.getUuid("user_id")),
							"SELECT user_id FROM social_feed.users_by_username WHERE username = ?", member.username());
					checks.expect((row) -> member.id().equals(row.getUuid("user_id")),
							"SELECT user_id FROM social_feed.users_by_email WHERE email = ?", member.email());
				}));
	}

	private static Call follow(Member follower, Member followed) {
		return new Call(follower.caller(), "PUT", "/users/" + follower.id() + "/following/" + followed.id(), null,
				(body) -> new Write("follow of " + followed.id() + " by " + follower.id(), (checks) -> {
					Row follow = checks.expect(
							"SELECT follower_shards FROM social_feed.following_by_user WHERE user_id = ? AND followed_id = ?",
							follower.id(), followed.id());
					if (follow != null) {
						// A follow recorded without shards (older releases) lives in
						// shard 0.
						Set<Integer> shards = follow.getSet("follower_shards", Integer.class);
						for (int shard : shards.isEmpty() ? Set.of(0) : shards) {
							checks.expect(
									"SELECT follower_id FROM social_feed.followers_by_user_shard "
											+ "WHERE user_id = ? AND shard = ? AND follower_id = ?",
									followed.id(), shard, follower.id());
						}
					}
					checks.expect(
							"SELECT follower_id FROM social_feed.follow_claims WHERE followed_id = ? AND follower_id = ?",
							followed.id(), follower.id());
				}));
	}

	private static Call post(Circle circle, String content) {
		Member author = circle.author;
		List<Member> followers = List.of(circle.first, circle.second);
		return new Call(author.caller(), "POST", "/users/" + author.id() + "/posts",
				"{\"content\": \"" + content + "\"}", Map.of("Idempotency-Key", UUID.randomUUID().toString()),
				(body) -> {
					UUID postId = UUID.fromString(JsonPath.read(body, "$.id"));
					circle.latestPost = postId;
					return new Write("post " + postId + " by " + author.id(),
							(checks) -> postRows(checks, postId, author, followers));
				});
	}

	private static void postRows(RowChecks checks, UUID postId, Member author, List<Member> followers) {
		Row post = checks.expect("SELECT created_at, hashtags FROM social_feed.posts_by_id WHERE post_id = ?", postId);
		if (post == null) {
			// Without its source the copies' keys (the post's time) are unknown.
			return;
		}
		Instant time = post.getInstant("created_at");
		LocalDate day = LocalDate.ofInstant(time, ZoneOffset.UTC);
		checks.expect(
				"SELECT post_id FROM social_feed.posts_by_user "
						+ "WHERE user_id = ? AND month = ? AND post_time = ? AND post_id = ?",
				author.id(), YearMonth.from(time.atOffset(ZoneOffset.UTC)).toString(), time, postId);
		for (String hashtag : post.getSet("hashtags", String.class)) {
			checks.expect(
					"SELECT post_id FROM social_feed.posts_by_hashtag "
							+ "WHERE hashtag = ? AND day = ? AND post_time = ? AND post_id = ?",
					hashtag, day, time, postId);
			checks.expect("SELECT day FROM social_feed.hashtag_days WHERE hashtag = ? AND day = ?", hashtag, day);
		}
		for (Member follower : followers) {
			checks.expect(
					"SELECT post_id FROM social_feed.user_timeline "
							+ "WHERE user_id = ? AND day = ? AND post_time = ? AND post_id = ?",
					follower.id(), day, time, postId);
			checks.expect("SELECT recipient_id FROM social_feed.timeline_deliveries_by_post "
					+ "WHERE post_id = ? AND recipient_id = ?", postId, follower.id());
		}
	}

	private static Call like(Member liker, UUID postId) {
		return new Call(liker.caller(), "POST", "/posts/" + postId + "/likes", null,
				(body) -> new Write("like of " + postId + " by " + liker.id(), (checks) -> {
					checks.expect("SELECT liked_at FROM social_feed.post_likers WHERE post_id = ? AND user_id = ?",
							postId, liker.id());
					checks.expect("SELECT liked_at FROM social_feed.likes_by_user WHERE user_id = ? AND post_id = ?",
							liker.id(), postId);
				}));
	}

	/** An author and two followers; the author's latest acknowledged post. */
	private static final class Circle {

		private final Member author = Member.create();

		private final Member first = Member.create();

		private final Member second = Member.create();

		private UUID latestPost;

	}

	/**
	 * A user of the test: a new id, and a username no other run has taken (names are
	 * claimed for good), in lower case as the claims compare them.
	 */
	private record Member(UUID id, String username) {

		static Member create() {
			UUID id = UUID.randomUUID();
			return new Member(id, "f" + id.toString().replace("-", "").substring(0, 24));
		}

		String email() {
			return this.username + "@example.com";
		}

		Caller caller() {
			return Workload.user(this.id);
		}

	}

}
