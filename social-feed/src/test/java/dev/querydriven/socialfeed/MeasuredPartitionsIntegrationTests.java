package dev.querydriven.socialfeed;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modelcheck.MeasuredTable;
import dev.querydriven.modelcheck.ModelReport;
import dev.querydriven.modelcheck.harness.ModelCheckHarness;
import dev.querydriven.socialfeed.seed.DemoDataSeeded;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.event.EventListener;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The partitions of the social feed's model, measured on the test node after a small
 * volume of demo data, against the model check's estimates (the checklist itself runs in
 * {@link SocialFeedConformanceTests}). The seeder writes the data through the services,
 * as in a dev run, but about a fifth of the dev volume (60 users instead of 300), which
 * keeps this test's time small while every table the seeder fills gets flushed partitions
 * to measure. A lower fan-out threshold lets the two popular authors be promoted, so the
 * tables of the read-time merge are measured too. The full report, measured figures
 * included, is written to {@code target/model-check/}.
 *
 * <p>
 * The one test class with an application context of its own: the seeder runs as in a dev
 * run, with the dev run's fan-out threshold scaled down, where the shared test context's
 * threshold of 3 would make nearly every seeded author high-fanout and leave the timeline
 * tables almost empty to measure.
 */
@ActiveProfiles("test")
@SpringBootTest(properties = { "querydriven.social-feed.seed.enabled=true", "querydriven.social-feed.seed.users=60",
		"querydriven.social-feed.seed.follows-per-user=6", "querydriven.social-feed.seed.max-posts-per-user=4",
		"querydriven.social-feed.seed.posts-per-popular-author=10", "querydriven.social-feed.seed.likes=150",
		"querydriven.social-feed.timeline.fan-out-threshold=20" })
@CassandraTest
class MeasuredPartitionsIntegrationTests {

	/**
	 * Every table the seeder fills was measured on the node, and none is larger than its
	 * facts say.
	 */
	@Test
	void everySeededTableMeasuresWithinItsEstimate(@Autowired CqlSession session, @Autowired SeedingDone seeding)
			throws Exception {
		DemoDataSeeded seeded = seeding.event.get(2, TimeUnit.MINUTES);
		assertThat(seeded.users()).isEqualTo(62);
		ModelReport report = ModelCheckHarness.of(new SocialFeedQueryCatalog(), session)
			.measuredOn(SharedCassandra.backend().jmxAddress())
			.measure();
		assertThat(report.measuredFindings()).isEmpty();
		assertThat(report.measured()).extracting(MeasuredTable::table)
			.contains("users_by_id", "users_by_username", "users_by_email", "followers_by_user_shard",
					"following_by_user", "follower_counts", "posts_by_id", "posts_by_user", "posts_by_hashtag",
					"hashtag_days", "user_timeline", "timeline_deliveries_by_post", "high_fanout_authors",
					"high_fanout_following_by_user", "post_likers", "post_like_counts");
	}

	/** Completes when the seeder, which runs in the background, says it is done. */
	@TestConfiguration(proxyBeanMethods = false)
	static class SeedingDone {

		final CompletableFuture<DemoDataSeeded> event = new CompletableFuture<>();

		@EventListener
		void seeded(DemoDataSeeded seeded) {
			this.event.complete(seeded);
		}

	}

}
