package dev.querydriven.socialfeed;

import java.util.List;

import dev.querydriven.modeling.catalog.AccessPattern;
import dev.querydriven.modeling.catalog.QueryCatalog;
import dev.querydriven.modeling.catalog.SizingFacts;

/**
 * Every query the social feed runs (the guide's Q1–Q6 and the ones its design adds), the
 * table serving each, and the sizing facts behind each table's key. Numbers assume a
 * service of 10 million users; where code enforces a bound (content length, hashtags per
 * post, the fan-out threshold, the follower shards, the timeline's retention), the facts
 * use it. Row sizes count the values a row stores; where the model check measured the
 * demo data on a real node ({@code ModelCheckIntegrationTests}, see
 * {@code target/model-check/model-report.md}), the notes give the measured bytes per row,
 * which include the storage's own overhead. A table served by several queries declares
 * its facts once.
 */
public final class SocialFeedQueryCatalog implements QueryCatalog {

	private static final long USERS = 10_000_000;

	/** Q4 and Q11 read the same rows of {@code following_by_user}. */
	private static final SizingFacts FOLLOWING = new SizingFacts(USERS, 5_000, 75, 0.1,
			"people follow up to a few thousand accounts (Twitter's limit was 5,000; not enforced here, and even "
					+ "50,000 follows would make ~5 MB); a row copies the followed user's names (usernames at most "
					+ "30 characters, display names 50) and time, and the set of follower shards (one element); "
					+ "measured 64 B per row with the demo's short names");

	/** Q17 writes and Q19 reads the rows of {@code post_likers}. */
	private static final SizingFacts LIKERS = new SizingFacts(USERS * 1_000, 100_000, 40, 50,
			"a popular post gets 100,000 likes (5.6 MB); a row is a user id and a time (24 B of values) and the "
					+ "storage's own per-row overhead: measured 57 B per row; a post with millions of likes would need "
					+ "the likers split by a shard of the user id");

	@Override
	public String keyspace() {
		return "social_feed";
	}

	@Override
	public List<AccessPattern> accessPatterns() {
		return List.of(
				new AccessPattern("Q1", "a user profile by id", "users_by_id",
						"SELECT user_id, username, email, display_name, created_at FROM users_by_id WHERE user_id = ?",
						"", SizingFacts.singleRow(USERS, 120, 0.001, "one row per user, written once at registration")),
				new AccessPattern("Q2", "a user's posts, newest first", "posts_by_user",
						"SELECT user_id, month, post_time, post_id, content, hashtags FROM posts_by_user "
								+ "WHERE user_id = ? AND month = ? AND post_time >= ? "
								+ "AND (post_time, post_id) < (?, ?) LIMIT ?",
						"post_time DESC, post_id DESC",
						new SizingFacts(USERS * 24, 620, 420, 0.01,
								"monthly buckets over two years; a prolific user posts 20 times a day (620 rows a "
										+ "month); content is at most 500 characters, ~250 on average, plus up to "
										+ "10 hashtags")),
				new AccessPattern("Q3", "the followers of a user, shard by shard (and the recipients of a fan-out)",
						"followers_by_user_shard",
						"SELECT user_id, shard, follower_id, username, display_name, followed_at "
								+ "FROM followers_by_user_shard WHERE user_id = ? AND shard = ? AND follower_id > ? LIMIT ?",
						"follower_id ASC",
						new SizingFacts(USERS, 50_000, 70, 1,
								"shards of 50,000 follows (social-feed.follow.followers-per-shard) bound every "
										+ "partition whatever the account's followers: one shard per ordinary "
										+ "user, one more per 50,000 follows of a popular one; a row is a "
										+ "follower id, a time and the follower's names (usernames at most 30 "
										+ "characters, display names 50): ~70 B of values, measured 61 B per row "
										+ "with the demo's short names; a popular account gains ~1 follower a "
										+ "second, all into its newest shard")),
				new AccessPattern("Q4", "the users a user follows", "following_by_user",
						"SELECT user_id, followed_id, username, display_name, followed_at FROM following_by_user "
								+ "WHERE user_id = ? AND followed_id > ? LIMIT ?",
						"followed_id ASC", FOLLOWING),
				new AccessPattern("Q5", "the posts of a hashtag, newest first", "posts_by_hashtag",
						"SELECT hashtag, day, post_time, post_id, author_id, content, hashtags FROM posts_by_hashtag "
								+ "WHERE hashtag = ? AND day = ? AND post_time >= ? "
								+ "AND (post_time, post_id) < (?, ?) LIMIT ?",
						"post_time DESC, post_id DESC",
						new SizingFacts(1_000_000L * 365, 20_000, 440, 0.25,
								"daily buckets; a trending tag gets 20,000 posts a day (~9 MB); a tag beyond that "
										+ "needs hourly buckets")),
				new AccessPattern("Q6", "a user's home timeline, newest first", "user_timeline",
						"SELECT user_id, day, post_time, post_id, author_id, content, hashtags FROM user_timeline "
								+ "WHERE user_id = ? AND day = ? AND post_time >= ? "
								+ "AND (post_time, post_id) < (?, ?) LIMIT ?",
						"post_time DESC, post_id DESC",
						new SizingFacts(USERS * 31, 10_000, 440, 0.12,
								"daily buckets, 30 days of TTL; a reader following 2,000 ordinary authors posting 5 "
										+ "times a day gets 10,000 entries a day (~4.4 MB); authors above the "
										+ "fan-out threshold are merged at read time, not copied")),
				new AccessPattern("Q7", "a user by username (and the username claim)", "users_by_username",
						"SELECT user_id FROM users_by_username WHERE username = ?", "",
						SizingFacts.singleRow(USERS, 40, 0.001, "one row per username, claimed once")),
				new AccessPattern("Q8", "a user by email (and the email claim)", "users_by_email",
						"SELECT user_id FROM users_by_email WHERE email = ?", "",
						SizingFacts.singleRow(USERS, 50, 0.001, "one row per email, claimed once")),
				new AccessPattern("Q9", "a post by id", "posts_by_id",
						"SELECT post_id, author_id, content, hashtags, created_at FROM posts_by_id WHERE post_id = ?",
						"", SizingFacts.singleRow(USERS * 1_000, 420, 0.001, "one row per post, written once")),
				new AccessPattern("Q10", "the days a hashtag was used, newest first (Q5's bucket index)",
						"hashtag_days", "SELECT day FROM hashtag_days WHERE hashtag = ? AND day <= ?", "day DESC",
						new SizingFacts(1_000_000, 3_650, 12, 0.25,
								"one row per day of use: 3,650 rows after ten years of daily use; every post of a "
										+ "tag rewrites its day's cell")),
				new AccessPattern("Q11", "does a user follow another, and in which follower shards",
						"following_by_user",
						"SELECT followed_id, follower_shards FROM following_by_user WHERE user_id = ? AND followed_id = ?",
						"", FOLLOWING),
				new AccessPattern("Q12",
						"the follower counts of a user (followers decide fan-out or merge; follows received number "
								+ "the follower shards)",
						"follower_counts", "SELECT followers, follows_received FROM follower_counts WHERE user_id = ?",
						"",
						SizingFacts.singleRow(USERS, 200, 1,
								"two counters; a counter cell stores a context of ~32 B per replica that led "
										+ "increments (up to 3 with 3 replicas), not an 8-byte number: measured 124 B "
										+ "for this partition of two counters led by one replica; a popular account "
										+ "gains ~1 follower a second")),
				new AccessPattern("Q13", "is an author high-fanout, and since when", "high_fanout_authors",
						"SELECT author_id, since, followers_migrated FROM high_fanout_authors WHERE author_id = ?", "",
						SizingFacts.singleRow(100_000, 30, 0.001,
								"one row per author above the fan-out threshold, written twice by LWTs")),
				new AccessPattern("Q14", "the high-fanout authors a user follows (merged into Q6)",
						"high_fanout_following_by_user",
						"SELECT user_id, author_id, since FROM high_fanout_following_by_user WHERE user_id = ?", "",
						new SizingFacts(USERS, 500, 40, 0.01,
								"the popular accounts a user follows; each costs the timeline read one or two "
										+ "partitions of posts_by_user")),
				new AccessPattern("Q15", "the authors hidden from a user's timeline (unfollowed)",
						"timeline_hidden_authors",
						"SELECT user_id, author_id, hidden_before FROM timeline_hidden_authors WHERE user_id = ?", "",
						new SizingFacts(USERS, 300, 40, 0.01,
								"one row per unfollow within the retention (31 days of TTL)")),
				new AccessPattern("Q16", "the timelines a post was copied to (to delete every copy)",
						"timeline_deliveries_by_post",
						"SELECT recipient_id FROM timeline_deliveries_by_post WHERE post_id = ?", "",
						new SizingFacts(USERS * 100, 100, 30, 100,
								"one row per recipient, at most about the fan-out threshold (100 by default) since "
										+ "high-fanout authors are not fanned out; written in single-partition "
										+ "batches of 50, expiring with the copies; a row is a recipient id (16 B) "
										+ "and the storage's own per-row overhead: measured 39 B per row")),
				new AccessPattern("Q17", "record a user's like of a post, at most once (the likers of a post)",
						"post_likers",
						"INSERT INTO post_likers (post_id, user_id, liked_at) VALUES (?, ?, ?) IF NOT EXISTS", "",
						LIKERS),
				new AccessPattern("Q18", "the like count of a post (approximate, read at ONE)", "post_like_counts",
						"SELECT likes FROM post_like_counts WHERE post_id = ?", "",
						SizingFacts.singleRow(USERS * 1_000, 100, 50,
								"a counter: a context of ~32 B per replica that led increments (up to 3), measured "
										+ "86 B for one replica; a viral post gets 50 likes a second")),
				new AccessPattern("Q19", "has a user liked a post (the state of the like button)", "post_likers",
						"SELECT post_id, user_id, liked_at FROM post_likers WHERE post_id = ? AND user_id = ?", "",
						LIKERS));
	}

}
