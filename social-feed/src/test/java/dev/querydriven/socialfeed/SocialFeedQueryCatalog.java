package dev.querydriven.socialfeed;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.IdempotencyKeysCatalog;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.catalog.RouteBudget;
import dev.querydriven.modelcheck.catalog.SizingFacts;
import dev.querydriven.modelcheck.catalog.WriteIntentsCatalog;
import dev.querydriven.modelcheck.catalog.WritePattern;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.socialfeed.follow.FollowProperties;
import dev.querydriven.socialfeed.post.PostProperties;
import dev.querydriven.socialfeed.timeline.TimelineProperties;
import dev.querydriven.tablemigration.MigrationSchema;

import org.springframework.boot.context.properties.bind.Binder;

import static dev.querydriven.modelcheck.catalog.Consistency.LOCAL_ONE;
import static dev.querydriven.modelcheck.catalog.Consistency.LOCAL_QUORUM;
import static dev.querydriven.modelcheck.catalog.Consistency.LOCAL_SERIAL_READ;
import static dev.querydriven.modelcheck.catalog.Consistency.LWT_LOCAL_SERIAL;
import static dev.querydriven.modelcheck.catalog.Consistency.ONE;

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
 * check measured the demo data on a real node
 * ({@code MeasuredPartitionsIntegrationTests}, see
 * {@code target/model-check/model-report.md}), the notes give the measured bytes per row,
 * which include the storage's own overhead. A table served by several queries declares
 * its facts once.
 *
 * <p>
 * Each query and write declares the levels it runs at ({@code at(...)}), as its
 * repository sets them: {@code LOCAL_QUORUM} almost everywhere, {@code LOCAL_ONE} for the
 * hashtag feed, {@code ONE} for the displayed like count, lightweight transactions at
 * {@code LOCAL_SERIAL} committed at {@code LOCAL_QUORUM}, and a {@code LOCAL_SERIAL} read
 * after a claim or a like that did not apply (the README's "Consistency and idempotence,
 * per query" says why). The {@code Idempotency-Key}'s claim sets none and runs at
 * application.yml's defaults.
 */
public final class SocialFeedQueryCatalog implements QueryCatalog {

	private static final long USERS = 10_000_000;

	/**
	 * The changes begun per second at peak (follows, unfollows, posts), each recorded in
	 * {@code write_intents} before its first write.
	 */
	private static final double PEAK_CHANGES_PER_SECOND = 500;

	/**
	 * Registrations and posts per second at peak, each claiming its key when it has one.
	 */
	private static final double PEAK_KEYED_CREATES_PER_SECOND = 200;

	private static final String KEYED = "; with an Idempotency-Key, the key's claim in idempotency_keys (a "
			+ "lightweight transaction)";

	/**
	 * The high-fanout authors one user follows, as the model sizes Q14's partition. A
	 * page merges at most {@code querydriven.social-feed.timeline.max-pulled-authors} of
	 * them (100 too), which is what bounds the timeline's worst case.
	 */
	private static final int HIGH_FANOUT_AUTHORS_FOLLOWED = 100;

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
		return concat(
				List.of(new AccessPattern(
						"Q1", "a user profile by id", "users_by_id",
						"SELECT user_id, username, email, display_name, created_at FROM users_by_id WHERE user_id = ?",
						"", SizingFacts.singleRow(USERS, 120, 0.001, "one row per user, written once at registration"))
					.at(LOCAL_QUORUM),
						new AccessPattern("Q2", "a user's posts, newest first", "posts_by_user",
								"SELECT user_id, month, post_time, post_id, content, hashtags FROM posts_by_user "
										+ "WHERE user_id = ? AND month = ? AND post_time >= ? "
										+ "AND (post_time, post_id) < (?, ?) LIMIT ?",
								"post_time DESC, post_id DESC",
								new SizingFacts(USERS * 24, 620, 420, 0.01,
										"monthly buckets over two years; a prolific user posts 20 times a day (620 rows a "
												+ "month); content is at most 500 characters, ~250 on average, plus up to "
												+ "10 hashtags"))
							.withVariants(
									"SELECT user_id, month, post_time, post_id, content, hashtags FROM posts_by_user "
											+ "WHERE user_id = ? AND month = ? AND post_time >= ? AND post_time < ? LIMIT ?")
							.at(LOCAL_QUORUM),
						new AccessPattern("Q3",
								"the followers of a user, shard by shard (and the recipients of a fan-out)",
								"followers_by_user_shard",
								"SELECT user_id, shard, follower_id, username, display_name, followed_at "
										+ "FROM followers_by_user_shard WHERE user_id = ? AND shard = ? AND follower_id > ? LIMIT ?",
								"follower_id ASC",
								new SizingFacts(USERS, 50_000, 70, 1,
										"shards of 50,000 follows (querydriven.social-feed.follow.followers-per-shard) bound every "
												+ "partition whatever the account's followers: one shard per ordinary "
												+ "user, one more per 50,000 follows of a popular one; a row is a "
												+ "follower id, a time and the follower's names (usernames at most 30 "
												+ "characters, display names 50): ~70 B of values, measured 61 B per row "
												+ "with the demo's short names; a popular account gains ~1 follower a "
												+ "second, all into its newest shard"))
							.withVariants(
									"SELECT user_id, shard, follower_id, username, display_name, followed_at "
											+ "FROM followers_by_user_shard WHERE user_id = ? AND shard = ? LIMIT ?",
									"SELECT follower_id FROM followers_by_user_shard WHERE user_id = ? AND shard = ?",
									// The recount of a replayed follow: the node counts
									// the shard.
									"SELECT count(*) FROM followers_by_user_shard WHERE user_id = ? AND shard = ?")
							.at(LOCAL_QUORUM),
						new AccessPattern("Q4", "the users a user follows", "following_by_user",
								"SELECT user_id, followed_id, username, display_name, followed_at FROM following_by_user "
										+ "WHERE user_id = ? AND followed_id > ? LIMIT ?",
								"followed_id ASC", FOLLOWING)
							.withVariants(
									"SELECT user_id, followed_id, username, display_name, followed_at FROM following_by_user "
											+ "WHERE user_id = ? LIMIT ?")
							.at(LOCAL_QUORUM),
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
											+ "WHERE hashtag = ? AND day = ? AND post_time >= ? AND post_time < ? LIMIT ?")
							.at(LOCAL_ONE),
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
											+ "WHERE user_id = ? AND day = ? AND post_time >= ? AND post_time < ? LIMIT ?")
							.at(LOCAL_QUORUM),
						new AccessPattern("Q7", "a user by username (and the username claim)", "users_by_username",
								"SELECT user_id FROM users_by_username WHERE username = ?", "",
								SizingFacts.singleRow(USERS, 100, 0.001, "one row per username, claimed once"))
							.at(LOCAL_QUORUM, LOCAL_SERIAL_READ),
						new AccessPattern("Q8", "a user by email (and the email claim)", "users_by_email",
								"SELECT user_id FROM users_by_email WHERE email = ?", "",
								SizingFacts.singleRow(USERS, 50, 0.001, "one row per email, claimed once"))
							.at(LOCAL_QUORUM, LOCAL_SERIAL_READ),
						new AccessPattern("Q9", "a post by id", "posts_by_id",
								"SELECT post_id, author_id, content, hashtags, created_at FROM posts_by_id WHERE post_id = ?",
								"", SizingFacts.singleRow(USERS * 1_000, 420, 0.001, "one row per post, written once"))
							.at(LOCAL_QUORUM),
						new AccessPattern("Q10", "the days a hashtag was used, newest first (Q5's bucket index)",
								"hashtag_days", "SELECT day FROM hashtag_days WHERE hashtag = ? AND day <= ?",
								"day DESC",
								new SizingFacts(1_000_000, 3_650, 12, 0.25,
										"one row per day of use: 3,650 rows after ten years of daily use; every post of a "
												+ "tag rewrites its day's cell"))
							.withVariants("SELECT day FROM hashtag_days WHERE hashtag = ?")
							.at(LOCAL_ONE),
						new AccessPattern("Q11", "does a user follow another, and in which follower shards",
								"following_by_user",
								"SELECT followed_id, follower_shards FROM following_by_user WHERE user_id = ? AND followed_id = ?",
								"", FOLLOWING)
							.at(LOCAL_QUORUM),
						new AccessPattern("Q12",
								"the follower counts of a user (followers decide fan-out or merge; follows received number "
										+ "the follower shards)",
								"follower_counts",
								"SELECT followers, follows_received FROM follower_counts WHERE user_id = ?", "",
								SizingFacts.singleRow(
										USERS, 200, 1,
										"two counters; a counter cell stores a context of ~32 B per replica that led "
												+ "increments (up to 3 with 3 replicas), not an 8-byte number: measured 124 B "
												+ "for this partition of two counters led by one replica; a popular account "
												+ "gains ~1 follower a second"))
							.at(LOCAL_QUORUM),
						new AccessPattern("Q13", "is an author high-fanout, and since when", "high_fanout_authors",
								"SELECT author_id, since, followers_migrated FROM high_fanout_authors WHERE author_id = ?",
								"",
								SizingFacts.singleRow(
										100_000, 30, 0.001,
										"one row per author above the fan-out threshold, written twice by LWTs"))
							.at(LOCAL_QUORUM),
						new AccessPattern("Q14", "the high-fanout authors a user follows (merged into Q6)",
								"high_fanout_following_by_user",
								"SELECT user_id, author_id, since FROM high_fanout_following_by_user WHERE user_id = ? LIMIT ?",
								"",
								new SizingFacts(USERS, HIGH_FANOUT_AUTHORS_FOLLOWED, 40, 0.01,
										"the popular accounts a user follows; each costs the timeline read one to three "
												+ "partitions of posts_by_user (the months its retention spans)"))
							.at(LOCAL_QUORUM),
						new AccessPattern("Q15", "the authors hidden from a user's timeline (unfollowed)",
								"timeline_hidden_authors",
								"SELECT user_id, author_id, hidden_before FROM timeline_hidden_authors WHERE user_id = ?",
								"",
								new SizingFacts(USERS, 300, 40, 0.01,
										"one row per unfollow within the retention (31 days of TTL)"))
							.at(LOCAL_QUORUM),
						new AccessPattern("Q16", "the timelines a post was copied to (to delete every copy)",
								"timeline_deliveries_by_post",
								"SELECT recipient_id FROM timeline_deliveries_by_post WHERE post_id = ?", "",
								new SizingFacts(USERS * 100, 100, 30, 100,
										"one row per recipient, at most about the fan-out threshold (100 by default) since "
												+ "high-fanout authors are not fanned out; written in single-partition "
												+ "batches of 50, expiring with the copies; a row is a recipient id (16 B) "
												+ "and the storage's own per-row overhead: measured 39 B per row"))
							.at(LOCAL_QUORUM),
						new AccessPattern("Q17", "record a user's like of a post, at most once (the likers of a post)",
								"post_likers",
								"INSERT INTO post_likers (post_id, user_id, liked_at) VALUES (?, ?, ?) IF NOT EXISTS",
								"", LIKERS)
							// The likers of a post being deleted, whose copies in
							// likes_by_user go with it.
							.withVariants("SELECT post_id, user_id, liked_at FROM post_likers WHERE post_id = ?")
							.at(LWT_LOCAL_SERIAL, LOCAL_QUORUM),
						new AccessPattern("Q18", "the like count of a post (approximate, read at ONE)",
								"post_like_counts", "SELECT likes FROM post_like_counts WHERE post_id = ?", "",
								SizingFacts.singleRow(
										USERS * 1_000, 100, 50,
										"a counter: a context of ~32 B per replica that led increments (up to 3), measured "
												+ "86 B for one replica; a viral post gets 50 likes a second"))
							.at(ONE, LOCAL_QUORUM),
						new AccessPattern("Q19", "has a user liked a post (the state of the like button)",
								"post_likers",
								"SELECT post_id, user_id, liked_at FROM post_likers WHERE post_id = ? AND user_id = ?",
								"", LIKERS)
							// The recount of a replayed like: the node counts the post's
							// likers.
							.withVariants("SELECT count(*) FROM post_likers WHERE post_id = ?")
							.at(LOCAL_QUORUM, LOCAL_SERIAL_READ),
						new AccessPattern("Q20", "claim the count of a follow, at most once (is a follow counted)",
								"follow_claims",
								"INSERT INTO follow_claims (followed_id, follower_id) VALUES (?, ?) IF NOT EXISTS", "",
								SizingFacts.singleRow(
										USERS * 200, 32, 1,
										"one row per follow (a partition of its own: two ids), written by a follow's claim "
												+ "and deleted by an unfollow's, both lightweight transactions"))
							.at(LWT_LOCAL_SERIAL),
						new AccessPattern("Q21", "the posts a user liked (to erase a user's likes)", "likes_by_user",
								"SELECT user_id, post_id, liked_at FROM likes_by_user WHERE user_id = ?", "post_id ASC",
								new SizingFacts(USERS, 100_000, 40, 1,
										"a copy of post_likers keyed by the liker: one row per like (a post id and a "
												+ "time, 24 B of values, like post_likers' 57 B measured per row); an "
												+ "active user likes a few posts a day, 100,000 in ten years (~5.7 MB); "
												+ "read whole only when the user is erased"))
							.at(LOCAL_QUORUM)),
				// Follows, unfollows, published and deleted posts: a few a second at
				// peak.
				Stream
					.concat(WriteIntentsCatalog.accessPatterns(PEAK_CHANGES_PER_SECOND).stream(),
							IdempotencyKeysCatalog.accessPatterns(PEAK_KEYED_CREATES_PER_SECOND, LWT_LOCAL_SERIAL)
								.stream())
					.toList());
	}

	/** The migrations' own tables, and those of the shared modules' migrations. */
	@Override
	public Map<String, String> infrastructureTables() {
		Map<String, String> tables = new LinkedHashMap<>(QueryCatalog.super.infrastructureTables());
		// The table-migration engine's state and checkpoints: admin jobs, no query.
		tables.putAll(MigrationSchema.INFRASTRUCTURE_TABLES);
		tables.put("followers_by_user",
				"the unsharded follower lists of releases before follower shards: read and written by no query, kept "
						+ "until the follower-shards rebuild verified and the operator drops it "
						+ "(querydriven.social-feed.migration.drop-followers-by-user)");
		for (String prefix : List.of("write_intents_", "idempotency_keys_")) {
			tables.put(prefix + "_schema_migration",
					"applied versions of a shared module's tables (cassandra-migration)");
			tables.put(prefix + "_schema_migration_leader", "the migration lock of a shared module's tables");
		}
		return tables;
	}

	/** The service's own statements, then those of a shared module's tables. */
	private static <T> List<T> concat(List<T> own, List<T> shared) {
		return Stream.concat(own.stream(), shared.stream()).toList();
	}

	/**
	 * Every write of the service, in table order: the copies of a denormalized write, the
	 * lightweight transactions (with their {@code IF} clause), the counter increments.
	 */
	@Override
	public List<WritePattern> writePatterns() {
		return concat(List.of(new WritePattern("W1", "Write a user's profile, once the username and email are claimed",
				"users_by_id",
				"INSERT INTO users_by_id (user_id, username, email, display_name, created_at) VALUES (?, ?, ?, ?, ?)")
			.at(LOCAL_QUORUM),
				new WritePattern("W2",
						"Claim a username: a lightweight transaction, so of two registrations one wins; the claim "
								+ "carries the profile it is for, which a replay writes if the registration stopped",
						"users_by_username",
						"INSERT INTO users_by_username (username, user_id, display_name, created_at) VALUES (?, ?, ?, ?) "
								+ "IF NOT EXISTS")
					.at(LWT_LOCAL_SERIAL),
				new WritePattern("W3",
						"Release one's own username claim after a failed registration (and only one's own)",
						"users_by_username", "DELETE FROM users_by_username WHERE username = ? IF user_id = ?")
					.at(LWT_LOCAL_SERIAL),
				new WritePattern("W4", "Claim an email: a lightweight transaction", "users_by_email",
						"INSERT INTO users_by_email (email, user_id) VALUES (?, ?) IF NOT EXISTS")
					.at(LWT_LOCAL_SERIAL),
				new WritePattern("W5", "Release one's own email claim", "users_by_email",
						"DELETE FROM users_by_email WHERE email = ? IF user_id = ?")
					.at(LWT_LOCAL_SERIAL),
				new WritePattern("W6",
						"Add a follower to the followed user's current shard (with the follow's timestamp)",
						"followers_by_user_shard",
						"INSERT INTO followers_by_user_shard (user_id, shard, follower_id, username, display_name, "
								+ "followed_at) VALUES (?, ?, ?, ?, ?, ?)")
					.at(LOCAL_QUORUM),
				new WritePattern("W7", "Remove a follower from a shard the follow was written to",
						"followers_by_user_shard",
						"DELETE FROM followers_by_user_shard WHERE user_id = ? AND shard = ? AND follower_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W8",
						"Write a follow in the follower's list, adding its follower row's shard to the set (concurrent "
								+ "additions merge)",
						"following_by_user",
						"UPDATE following_by_user SET username = ?, display_name = ?, followed_at = ?, "
								+ "follower_shards = follower_shards + ? WHERE user_id = ? AND followed_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W9", "Remove a follow from the follower's list", "following_by_user",
						"DELETE FROM following_by_user WHERE user_id = ? AND followed_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W10", "Count a follow: one more follower, one more follow received (not idempotent)",
						"follower_counts",
						"UPDATE follower_counts SET followers = followers + ?, follows_received = follows_received + ? "
								+ "WHERE user_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W11", "Count an unfollow: one follower less", "follower_counts",
						"UPDATE follower_counts SET followers = followers - ? WHERE user_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W12", "Write a post, the source of truth (with its copies' timestamp)", "posts_by_id",
						"INSERT INTO posts_by_id (post_id, author_id, content, hashtags, created_at) VALUES (?, ?, ?, ?, ?)")
					.at(LOCAL_QUORUM),
				new WritePattern("W13", "Delete a post, last of all its rows", "posts_by_id",
						"DELETE FROM posts_by_id WHERE post_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W14", "Copy a post into its author's month", "posts_by_user",
						"INSERT INTO posts_by_user (user_id, month, post_time, post_id, content, hashtags) "
								+ "VALUES (?, ?, ?, ?, ?, ?)")
					.at(LOCAL_QUORUM),
				new WritePattern("W15", "Delete a post's copy in its author's month", "posts_by_user",
						"DELETE FROM posts_by_user WHERE user_id = ? AND month = ? AND post_time = ? AND post_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W16", "Copy a post into each of its hashtags' days", "posts_by_hashtag",
						"INSERT INTO posts_by_hashtag (hashtag, day, post_time, post_id, author_id, content, hashtags) "
								+ "VALUES (?, ?, ?, ?, ?, ?, ?)")
					.at(LOCAL_QUORUM),
				new WritePattern("W17", "Delete a post's copy in a hashtag's day", "posts_by_hashtag",
						"DELETE FROM posts_by_hashtag WHERE hashtag = ? AND day = ? AND post_time = ? AND post_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W18", "Record a day a hashtag was used (the same cell again: idempotent)",
						"hashtag_days", "INSERT INTO hashtag_days (hashtag, day) VALUES (?, ?)")
					.at(LOCAL_QUORUM),
				new WritePattern("W19", "Fan a post out into one reader's timeline, expiring with the retention",
						"user_timeline",
						"INSERT INTO user_timeline (user_id, day, post_time, post_id, author_id, content, hashtags) "
								+ "VALUES (?, ?, ?, ?, ?, ?, ?) USING TTL ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W20", "Remove a deleted post from one reader's timeline", "user_timeline",
						"DELETE FROM user_timeline WHERE user_id = ? AND day = ? AND post_time = ? AND post_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W21",
						"Record a fan-out's recipients, in single-partition batches, expiring with the copies",
						"timeline_deliveries_by_post",
						"INSERT INTO timeline_deliveries_by_post (post_id, recipient_id) VALUES (?, ?) USING TTL ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W22", "Forget a deleted post's recipients (one partition tombstone)",
						"timeline_deliveries_by_post", "DELETE FROM timeline_deliveries_by_post WHERE post_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W23", "Promote an author to high-fanout: a lightweight transaction, one request wins",
						"high_fanout_authors",
						"INSERT INTO high_fanout_authors (author_id, since, followers_migrated) VALUES (?, ?, ?) "
								+ "IF NOT EXISTS")
					.at(LWT_LOCAL_SERIAL),
				new WritePattern("W24", "Mark a promoted author's followers migrated: a lightweight transaction",
						"high_fanout_authors",
						"UPDATE high_fanout_authors SET followers_migrated = ? WHERE author_id = ? IF followers_migrated = ?")
					.at(LWT_LOCAL_SERIAL),
				new WritePattern("W25", "A reader starts pulling a high-fanout author's posts",
						"high_fanout_following_by_user",
						"INSERT INTO high_fanout_following_by_user (user_id, author_id, since) VALUES (?, ?, ?)")
					.at(LOCAL_QUORUM),
				new WritePattern("W26", "A reader stops pulling an author (unfollow)", "high_fanout_following_by_user",
						"DELETE FROM high_fanout_following_by_user WHERE user_id = ? AND author_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W27", "Hide an unfollowed author's entries, expiring with the retention",
						"timeline_hidden_authors",
						"INSERT INTO timeline_hidden_authors (user_id, author_id, hidden_before) VALUES (?, ?, ?) "
								+ "USING TTL ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W28", "Like a post, once per user: a lightweight transaction", "post_likers",
						"INSERT INTO post_likers (post_id, user_id, liked_at) VALUES (?, ?, ?) IF NOT EXISTS")
					.at(LWT_LOCAL_SERIAL),
				new WritePattern("W29", "Remove every liker of a deleted post (one partition tombstone)", "post_likers",
						"DELETE FROM post_likers WHERE post_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W30", "Count a like, only after the like applied (not idempotent)",
						"post_like_counts", "UPDATE post_like_counts SET likes = likes + ? WHERE post_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W31", "Delete a deleted post's counter", "post_like_counts",
						"DELETE FROM post_like_counts WHERE post_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W32",
						"Claim a follow's count: a lightweight transaction, so of identical follows one " + "counts",
						"follow_claims",
						"INSERT INTO follow_claims (followed_id, follower_id) VALUES (?, ?) IF NOT EXISTS")
					.at(LWT_LOCAL_SERIAL),
				new WritePattern("W33", "Release an unfollowed follow's claim: a lightweight transaction",
						"follow_claims",
						"DELETE FROM follow_claims WHERE followed_id = ? AND follower_id = ? IF EXISTS")
					.at(LWT_LOCAL_SERIAL),
				new WritePattern("W34", "Correct the follower counter by a recount's difference (not idempotent)",
						"follower_counts", "UPDATE follower_counts SET followers = followers + ? WHERE user_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W35",
						"Erase a user's profile, the last of their rows (the driver's timestamp, "
								+ "like the profile's insert)",
						"users_by_id", "DELETE FROM users_by_id WHERE user_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W36", "Delete an erased user's counters, once every follow of theirs is gone",
						"follower_counts", "DELETE FROM follower_counts WHERE user_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W37", "Erase one day of an erased reader's timeline (one partition tombstone)",
						"user_timeline", "DELETE FROM user_timeline WHERE user_id = ? AND day = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W38", "Forget a post's delivery to an erased reader", "timeline_deliveries_by_post",
						"DELETE FROM timeline_deliveries_by_post WHERE post_id = ? AND recipient_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W39",
						"Remove the marker hiding an author when a follow of theirs ends with an erasure",
						"timeline_hidden_authors",
						"DELETE FROM timeline_hidden_authors WHERE user_id = ? AND author_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W40", "Erase an erased reader's hiding markers (one partition tombstone)",
						"timeline_hidden_authors", "DELETE FROM timeline_hidden_authors WHERE user_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W41", "Erase an erased reader's pulled authors (one partition tombstone)",
						"high_fanout_following_by_user", "DELETE FROM high_fanout_following_by_user WHERE user_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W42",
						"Forget an erased author's high-fanout mode: a lightweight transaction, as every write of the "
								+ "table",
						"high_fanout_authors", "DELETE FROM high_fanout_authors WHERE author_id = ? IF EXISTS")
					.at(LWT_LOCAL_SERIAL),
				new WritePattern("W43",
						"Copy a like into the liker's likes, with the like's own liked_at as its timestamp (a repeat "
								+ "or a replay writes the same cells)",
						"likes_by_user", "INSERT INTO likes_by_user (user_id, post_id, liked_at) VALUES (?, ?, ?)")
					.at(LOCAL_QUORUM),
				new WritePattern("W44",
						"Remove a like's copy: an unlike's (a timestamp after the like), or a deleted post's",
						"likes_by_user", "DELETE FROM likes_by_user WHERE user_id = ? AND post_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W45", "Take a like back: a lightweight transaction, so only one unlike uncounts it",
						"post_likers", "DELETE FROM post_likers WHERE post_id = ? AND user_id = ? IF EXISTS")
					.at(LWT_LOCAL_SERIAL)),
				WriteIntentsCatalog.writePatterns());
	}

	/**
	 * Every route's partition budget, computed from the service's default settings, bound
	 * here exactly as the application binds them: the timeline's retention (days walked,
	 * and the months of a pulled author's posts it spans), the follower shards a page or
	 * a promotion reads, and the bucket cap of the post lists' pages. A lightweight
	 * transaction's partition counts as read (Paxos reads it to evaluate the condition);
	 * a counter increment is a write, and is not counted.
	 */
	@Override
	public List<RouteBudget> routeBudgets() {
		TimelineProperties timeline = new Binder().bindOrCreate("querydriven.social-feed.timeline",
				TimelineProperties.class);
		FollowProperties follow = new Binder().bindOrCreate("querydriven.social-feed.follow", FollowProperties.class);
		PostProperties posts = new Binder().bindOrCreate("querydriven.social-feed.post", PostProperties.class);
		int timelineDays = daysSpanned(timeline.retention());
		int pulledMonths = monthsSpanned(timeline.retention());
		// An author is promoted (and their followers migrated) when the follower count
		// reaches the threshold: the follows received so far fill this many shards.
		int shardsAtPromotion = timeline.fanOutThreshold() / follow.followersPerShard() + 1;
		int timelineWorstCase = 3 + timelineDays + timeline.maxPulledAuthors() * pulledMonths;
		// An erasure's reads: 9 partitions whatever the data (the user, likes_by_user,
		// one month of posts, following_by_user, follower_counts, one follower shard,
		// the high-fanout mode, two claims) and the timeline's days, then 2 per like, 3
		// per post, 1 per followed user and 2 per follower.
		int erasureWorstCase = 9 + timelineDays + 2 + 3 + 1 + 2;
		// Follows, unfollows and posts are recorded in write_intents before they begin,
		// and marked completed after: two writes each, no read (the sweeper reads outside
		// the requests). A keyed create claims its key with a lightweight transaction:
		// it reads the claim's partition.
		return List.of(
				new RouteBudget("POST /users", 4, 4,
						"the username's and the email's claims (lightweight transactions; a release after a failure "
								+ "touches the same two partitions), the profile (read first: a user registers once, "
								+ "and a repeat answers it as it is)" + KEYED),
				new RouteBudget("GET /users/{userId}", 1, 1, "the user"),
				new RouteBudget("GET /users/{userId}/account", 1, 1, "the user"),
				new RouteBudget("DELETE /users/{userId}", erasureWorstCase, erasureWorstCase,
						"grows with the user's data; for a user registered this month with one like, one post, one "
								+ "follow each way: the user, their likes and the liked post with its likers, their "
								+ "months of posts (1) and each post with its deliveries and likers, their follows "
								+ "and each follow's claim, their counts, follower shards (1) and each follower's "
								+ "follow row and claim, the " + timelineDays + " day partitions of their timeline, "
								+ "their high-fanout mode and the username's and the email's claims (lightweight "
								+ "transactions)"),
				new RouteBudget("GET /users/by-username/{username}", 2, 2, "the username's claim, then the user"),
				new RouteBudget("GET /users/by-email/{email}", 2, 2, "the email's claim, then the user"),
				new RouteBudget("PUT /users/{userId}/following/{targetId}", 6 + shardsAtPromotion,
						6 + shardsAtPromotion,
						"both users, the follower's follow row, the target's counts and fan-out mode, the follow's "
								+ "claim (a lightweight transaction, so that only one follow counts); the follow that "
								+ "reaches the fan-out threshold (" + timeline.fanOutThreshold()
								+ ") promotes the target and reads its follower shards to migrate them: "
								+ shardsAtPromotion + " at the threshold (" + follow.followersPerShard()
								+ " follows per shard)"),
				new RouteBudget("DELETE /users/{userId}/following/{targetId}", 5, 5,
						"both users, the follower's follow row (which names the shards to delete from) or, when it "
								+ "is gone (a ghost follower), the target's counts (every shard is deleted from), and "
								+ "the claim's release (a lightweight transaction)"),
				new RouteBudget("GET /users/{userId}/followers", 2 + follow.maxShardsPerPage(),
						2 + follow.maxShardsPerPage(),
						"the user and their counts, then shard after shard until the page is full: at most "
								+ follow.maxShardsPerPage()
								+ " (querydriven.social-feed.follow.max-shards-per-page), then the "
								+ "page ends with a cursor to the next shard"),
				new RouteBudget("GET /users/{userId}/following", 2, 2, "the user and their following list"),
				new RouteBudget("POST /users/{userId}/posts", 5 + shardsAtPromotion, 5 + shardsAtPromotion,
						"the author, the post (a keyed repeat rewrites it as it is) and the author's fan-out mode, "
								+ "then their counts and follower shards to fan out to: " + shardsAtPromotion
								+ " for an author below the fan-out threshold" + KEYED),
				new RouteBudget("GET /users/{userId}/posts", 1 + posts.maxBucketsPerPage(),
						1 + posts.maxBucketsPerPage(),
						"the user, then month after month back to the registration until the page is full: at most "
								+ posts.maxBucketsPerPage()
								+ " (querydriven.social-feed.post.max-buckets-per-page), then the "
								+ "page ends with a cursor to the next month"),
				new RouteBudget("GET /hashtags/{tag}/posts", 1 + posts.maxBucketsPerPage(),
						1 + posts.maxBucketsPerPage(),
						"the tag's days, then day after day until the page is full: at most "
								+ posts.maxBucketsPerPage() + ", then a cursor to the next day"),
				new RouteBudget("GET /posts/{postId}", 2, 2, "the post and its like counter"),
				new RouteBudget("POST /posts/{postId}/likes", 3, 3,
						"the post, the liker (the caller), and the like's lightweight transaction (the counter increment is a "
								+ "write)"),
				new RouteBudget("GET /posts/{postId}/likes/{userId}", 2, 2, "the post and the user's like"),
				new RouteBudget("DELETE /posts/{postId}/likes", 2, 2,
						"the user's like (read, then taken back by a lightweight transaction: one partition), and the "
								+ "post, whose counter is decremented only while it exists (the copy's delete and the "
								+ "decrement are writes)"),
				new RouteBudget("DELETE /users/{userId}/posts/{postId}", 3, 3,
						"the post, the timelines it was delivered to, and its likers (whose copies in likes_by_user "
								+ "go first)"),
				new RouteBudget("GET /users/{userId}/timeline", timelineWorstCase, timelineWorstCase,
						"the user, their hidden and pulled authors, the " + timelineDays + " day partitions of the "
								+ timeline.retention().toDays() + "-day retention (a quiet timeline), and the up to "
								+ pulledMonths
								+ " months of each pulled (high-fanout) author's posts within it, for at most "
								+ timeline.maxPulledAuthors()
								+ " such authors (querydriven.social-feed.timeline.max-pulled-authors; "
								+ "a reader following more sees the posts of that many)"));
	}

	/**
	 * The most day buckets a window of the given length touches: one more than it spans
	 * whole, when it does not start at midnight.
	 */
	static int daysSpanned(Duration length) {
		long day = Duration.ofDays(1).toNanos();
		return Math.toIntExact((length.toNanos() + day - 1) / day + 1);
	}

	/**
	 * The most month buckets a window of the given length touches: months differ in
	 * length, so the window is tried starting a millisecond before each month of a
	 * four-year cycle (leap February included), where it crosses the most boundaries.
	 */
	private static int monthsSpanned(Duration length) {
		int most = 0;
		for (LocalDate month = LocalDate.of(2024, 1, 1); month.getYear() < 2028; month = month.plusMonths(1)) {
			Instant start = month.atStartOfDay(ZoneOffset.UTC).toInstant().minusMillis(1);
			Bucket first = Bucket.of(BucketGranularity.MONTH, start);
			Bucket last = Bucket.of(BucketGranularity.MONTH, start.plus(length));
			int spanned = 1;
			for (Bucket bucket = first; !bucket.equals(last); bucket = bucket.next()) {
				spanned++;
			}
			most = Math.max(most, spanned);
		}
		return most;
	}

}
