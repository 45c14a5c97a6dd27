package dev.querydriven.socialfeed;

import java.util.List;

import dev.querydriven.modeling.catalog.AccessPattern;
import dev.querydriven.modeling.catalog.QueryCatalog;
import dev.querydriven.modeling.catalog.SizingFacts;
import dev.querydriven.modeling.catalog.WritePattern;

/**
 * Every query the social feed runs (the guide's Q1–Q6 and the ones its design adds), the
 * table serving each, the sizing facts behind each table's key, and every write. This is
 * the one place each statement's CQL is written: the README's access-pattern tables are
 * generated from it, the model check judges it, and a test checks that the service runs
 * exactly these statements (Spring Data renders its own text, e.g. {@code SELECT *}; the
 * test compares the shapes: table, restrictions, condition, limit).
 *
 * <p>
 * Numbers assume a service of 10 million users; where code enforces a bound (content
 * length, hashtags per post, the fan-out threshold, the follower shards, the timeline's
 * retention), the facts use it. Row sizes count the values a row stores; where the model
 * check measured the demo data on a real node ({@code ModelCheckIntegrationTests}, see
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
										+ "10 hashtags"))
					.withVariants("SELECT user_id, month, post_time, post_id, content, hashtags FROM posts_by_user "
							+ "WHERE user_id = ? AND month = ? AND post_time >= ? AND post_time < ? LIMIT ?"),
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
										+ "second, all into its newest shard"))
					.withVariants(
							"SELECT user_id, shard, follower_id, username, display_name, followed_at "
									+ "FROM followers_by_user_shard WHERE user_id = ? AND shard = ? LIMIT ?",
							"SELECT follower_id FROM followers_by_user_shard WHERE user_id = ? AND shard = ?"),
				new AccessPattern("Q4", "the users a user follows", "following_by_user",
						"SELECT user_id, followed_id, username, display_name, followed_at FROM following_by_user "
								+ "WHERE user_id = ? AND followed_id > ? LIMIT ?",
						"followed_id ASC", FOLLOWING)
					.withVariants(
							"SELECT user_id, followed_id, username, display_name, followed_at FROM following_by_user "
									+ "WHERE user_id = ? LIMIT ?"),
				new AccessPattern("Q5", "the posts of a hashtag, newest first", "posts_by_hashtag",
						"SELECT hashtag, day, post_time, post_id, author_id, content, hashtags FROM posts_by_hashtag "
								+ "WHERE hashtag = ? AND day = ? AND post_time >= ? "
								+ "AND (post_time, post_id) < (?, ?) LIMIT ?",
						"post_time DESC, post_id DESC",
						new SizingFacts(1_000_000L * 365, 20_000, 440, 0.25,
								"daily buckets; a trending tag gets 20,000 posts a day (~9 MB); a tag beyond that "
										+ "needs hourly buckets"))
					.withVariants(
							"SELECT hashtag, day, post_time, post_id, author_id, content, hashtags FROM posts_by_hashtag "
									+ "WHERE hashtag = ? AND day = ? AND post_time >= ? AND post_time < ? LIMIT ?"),
				new AccessPattern("Q6", "a user's home timeline, newest first", "user_timeline",
						"SELECT user_id, day, post_time, post_id, author_id, content, hashtags FROM user_timeline "
								+ "WHERE user_id = ? AND day = ? AND post_time >= ? "
								+ "AND (post_time, post_id) < (?, ?) LIMIT ?",
						"post_time DESC, post_id DESC",
						new SizingFacts(USERS * 31, 10_000, 440, 0.12,
								"daily buckets, 30 days of TTL; a reader following 2,000 ordinary authors posting 5 "
										+ "times a day gets 10,000 entries a day (~4.4 MB); authors above the "
										+ "fan-out threshold are merged at read time, not copied"))
					.withVariants(
							"SELECT user_id, day, post_time, post_id, author_id, content, hashtags FROM user_timeline "
									+ "WHERE user_id = ? AND day = ? AND post_time >= ? AND post_time < ? LIMIT ?"),
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
										+ "tag rewrites its day's cell"))
					.withVariants("SELECT day FROM hashtag_days WHERE hashtag = ?"),
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

	/**
	 * Every write of the service, in table order: the copies of a denormalized write, the
	 * lightweight transactions (with their {@code IF} clause), the counter increments.
	 */
	@Override
	public List<WritePattern> writePatterns() {
		return List.of(new WritePattern("W1", "Write a user's profile, once the username and email are claimed",
				"users_by_id",
				"INSERT INTO users_by_id (user_id, username, email, display_name, created_at) VALUES (?, ?, ?, ?, ?)"),
				new WritePattern("W2", "Claim a username: a lightweight transaction, so of two registrations one wins",
						"users_by_username",
						"INSERT INTO users_by_username (username, user_id) VALUES (?, ?) IF NOT EXISTS"),
				new WritePattern("W3",
						"Release one's own username claim after a failed registration (and only one's own)",
						"users_by_username", "DELETE FROM users_by_username WHERE username = ? IF user_id = ?"),
				new WritePattern("W4", "Claim an email: a lightweight transaction", "users_by_email",
						"INSERT INTO users_by_email (email, user_id) VALUES (?, ?) IF NOT EXISTS"),
				new WritePattern("W5", "Release one's own email claim", "users_by_email",
						"DELETE FROM users_by_email WHERE email = ? IF user_id = ?"),
				new WritePattern("W6",
						"Add a follower to the followed user's current shard (with the follow's timestamp)",
						"followers_by_user_shard",
						"INSERT INTO followers_by_user_shard (user_id, shard, follower_id, username, display_name, "
								+ "followed_at) VALUES (?, ?, ?, ?, ?, ?)"),
				new WritePattern("W7", "Remove a follower from a shard the follow was written to",
						"followers_by_user_shard",
						"DELETE FROM followers_by_user_shard WHERE user_id = ? AND shard = ? AND follower_id = ?"),
				new WritePattern("W8",
						"Write a follow in the follower's list, adding its follower row's shard to the set (concurrent "
								+ "additions merge)",
						"following_by_user",
						"UPDATE following_by_user SET username = ?, display_name = ?, followed_at = ?, "
								+ "follower_shards = follower_shards + ? WHERE user_id = ? AND followed_id = ?"),
				new WritePattern("W9", "Remove a follow from the follower's list", "following_by_user",
						"DELETE FROM following_by_user WHERE user_id = ? AND followed_id = ?"),
				new WritePattern("W10", "Count a follow: one more follower, one more follow received (not idempotent)",
						"follower_counts",
						"UPDATE follower_counts SET followers = followers + ?, follows_received = follows_received + ? "
								+ "WHERE user_id = ?"),
				new WritePattern("W11", "Count an unfollow: one follower less", "follower_counts",
						"UPDATE follower_counts SET followers = followers - ? WHERE user_id = ?"),
				new WritePattern("W12", "Write a post, the source of truth (with its copies' timestamp)", "posts_by_id",
						"INSERT INTO posts_by_id (post_id, author_id, content, hashtags, created_at) VALUES (?, ?, ?, ?, ?)"),
				new WritePattern("W13", "Delete a post, last of all its rows", "posts_by_id",
						"DELETE FROM posts_by_id WHERE post_id = ?"),
				new WritePattern("W14", "Copy a post into its author's month", "posts_by_user",
						"INSERT INTO posts_by_user (user_id, month, post_time, post_id, content, hashtags) "
								+ "VALUES (?, ?, ?, ?, ?, ?)"),
				new WritePattern("W15", "Delete a post's copy in its author's month", "posts_by_user",
						"DELETE FROM posts_by_user WHERE user_id = ? AND month = ? AND post_time = ? AND post_id = ?"),
				new WritePattern("W16", "Copy a post into each of its hashtags' days", "posts_by_hashtag",
						"INSERT INTO posts_by_hashtag (hashtag, day, post_time, post_id, author_id, content, hashtags) "
								+ "VALUES (?, ?, ?, ?, ?, ?, ?)"),
				new WritePattern("W17", "Delete a post's copy in a hashtag's day", "posts_by_hashtag",
						"DELETE FROM posts_by_hashtag WHERE hashtag = ? AND day = ? AND post_time = ? AND post_id = ?"),
				new WritePattern("W18", "Record a day a hashtag was used (the same cell again: idempotent)",
						"hashtag_days", "INSERT INTO hashtag_days (hashtag, day) VALUES (?, ?)"),
				new WritePattern("W19", "Fan a post out into one reader's timeline, expiring with the retention",
						"user_timeline",
						"INSERT INTO user_timeline (user_id, day, post_time, post_id, author_id, content, hashtags) "
								+ "VALUES (?, ?, ?, ?, ?, ?, ?) USING TTL ?"),
				new WritePattern("W20", "Remove a deleted post from one reader's timeline", "user_timeline",
						"DELETE FROM user_timeline WHERE user_id = ? AND day = ? AND post_time = ? AND post_id = ?"),
				new WritePattern("W21",
						"Record a fan-out's recipients, in single-partition batches, expiring with the copies",
						"timeline_deliveries_by_post",
						"INSERT INTO timeline_deliveries_by_post (post_id, recipient_id) VALUES (?, ?) USING TTL ?"),
				new WritePattern("W22", "Forget a deleted post's recipients (one partition tombstone)",
						"timeline_deliveries_by_post", "DELETE FROM timeline_deliveries_by_post WHERE post_id = ?"),
				new WritePattern("W23", "Promote an author to high-fanout: a lightweight transaction, one request wins",
						"high_fanout_authors",
						"INSERT INTO high_fanout_authors (author_id, since, followers_migrated) VALUES (?, ?, ?) "
								+ "IF NOT EXISTS"),
				new WritePattern("W24", "Mark a promoted author's followers migrated: a lightweight transaction",
						"high_fanout_authors",
						"UPDATE high_fanout_authors SET followers_migrated = ? WHERE author_id = ? IF followers_migrated = ?"),
				new WritePattern("W25", "A reader starts pulling a high-fanout author's posts",
						"high_fanout_following_by_user",
						"INSERT INTO high_fanout_following_by_user (user_id, author_id, since) VALUES (?, ?, ?)"),
				new WritePattern("W26", "A reader stops pulling an author (unfollow)", "high_fanout_following_by_user",
						"DELETE FROM high_fanout_following_by_user WHERE user_id = ? AND author_id = ?"),
				new WritePattern("W27", "Hide an unfollowed author's entries, expiring with the retention",
						"timeline_hidden_authors",
						"INSERT INTO timeline_hidden_authors (user_id, author_id, hidden_before) VALUES (?, ?, ?) "
								+ "USING TTL ?"),
				new WritePattern("W28", "Like a post, once per user: a lightweight transaction", "post_likers",
						"INSERT INTO post_likers (post_id, user_id, liked_at) VALUES (?, ?, ?) IF NOT EXISTS"),
				new WritePattern("W29", "Remove every liker of a deleted post (one partition tombstone)", "post_likers",
						"DELETE FROM post_likers WHERE post_id = ?"),
				new WritePattern("W30", "Count a like, only after the like applied (not idempotent)",
						"post_like_counts", "UPDATE post_like_counts SET likes = likes + ? WHERE post_id = ?"),
				new WritePattern("W31", "Delete a deleted post's counter", "post_like_counts",
						"DELETE FROM post_like_counts WHERE post_id = ?"));
	}

}
