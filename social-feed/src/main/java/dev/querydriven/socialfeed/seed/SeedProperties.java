package dev.querydriven.socialfeed.seed;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The volume of demo data ({@code querydriven.social-feed.seed.*}). The defaults make the
 * dev run's few hundred users; the model check's test seeds a smaller volume of the same
 * shape.
 *
 * @param enabled whether to seed at startup (on in {@code application.yml}, off in tests)
 * @param users how many ordinary users; two popular authors come on top, followed by five
 * sixths and half of them
 * @param followsPerUser how many random users each ordinary user follows (fewer after
 * duplicates)
 * @param maxPostsPerUser each ordinary user writes between 0 and this many posts
 * @param postsPerPopularAuthor how many posts each popular author writes
 * @param likes how many likes of random posts by random users
 */
@ConfigurationProperties("querydriven.social-feed.seed")
public record SeedProperties(@DefaultValue("false") boolean enabled, @DefaultValue("300") int users,
		@DefaultValue("6") int followsPerUser, @DefaultValue("8") int maxPostsPerUser,
		@DefaultValue("40") int postsPerPopularAuthor, @DefaultValue("1000") int likes) {

	public SeedProperties {
		if (users < 2) {
			throw new IllegalArgumentException("querydriven.social-feed.seed.users must be at least 2");
		}
		if (followsPerUser < 0 || maxPostsPerUser < 0 || postsPerPopularAuthor < 1 || likes < 0) {
			throw new IllegalArgumentException(
					"querydriven.social-feed.seed.follows-per-user, max-posts-per-user and likes must not be negative, "
							+ "posts-per-popular-author at least 1");
		}
	}

}
