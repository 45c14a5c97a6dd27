package dev.querydriven.blogplatform.seed;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The demo data's volume and identity ({@code querydriven.blog-platform.seed.*}). The
 * defaults make the dev run's 3,000 posts; the model check's test seeds a smaller volume
 * of the same shape.
 *
 * @param enabled whether to seed at startup (on in {@code application.yml}, off in tests)
 * @param posts how many posts, spread over the last year (at least 1)
 * @param namespace the name every demo id (author, post, comment) is derived from:
 * another namespace is another, independent set of demo data (a test seeding its own
 * volume uses a random one, so it never meets the demo data of another test on the same
 * node)
 */
@ConfigurationProperties("querydriven.blog-platform.seed")
public record SeedProperties(@DefaultValue("false") boolean enabled, @DefaultValue("3000") int posts,
		@DefaultValue("query-driven-blog-demo") String namespace) {

	public SeedProperties {
		if (posts < 1) {
			throw new IllegalArgumentException("querydriven.blog-platform.seed.posts must be at least 1, not " + posts);
		}
		if (namespace == null || namespace.isBlank()) {
			throw new IllegalArgumentException("querydriven.blog-platform.seed.namespace must not be blank");
		}
	}

}
