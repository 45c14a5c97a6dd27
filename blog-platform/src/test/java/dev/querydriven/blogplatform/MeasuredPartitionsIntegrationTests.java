package dev.querydriven.blogplatform;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.blogplatform.seed.DemoDataSeeded;
import dev.querydriven.modelcheck.MeasuredTable;
import dev.querydriven.modelcheck.ModelReport;
import dev.querydriven.modelcheck.harness.ModelCheckHarness;
import dev.querydriven.tablemigration.MigrationEngine;
import dev.querydriven.tablemigration.MigrationPhase;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.event.EventListener;
import org.springframework.core.Ordered;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The partitions of the blog platform's model, measured on the test node after a modest
 * volume of demo data, against the model check's estimates (the guide's "Optimize &amp;
 * Validate" checklist itself runs in {@link BlogPlatformConformanceTests}). The seeder
 * writes the data through the services, as in a dev run, but a sixth of the dev volume
 * (500 posts instead of 3,000), which keeps this test's time small while every seeded
 * table gets flushed partitions to measure. The full report, measured figures included,
 * is written to {@code target/model-check/}.
 *
 * <p>
 * The posts are written while the category migration dual-writes, so both category shapes
 * (the legacy {@code posts_by_category_v1}, the bucketed {@code posts_by_category} and
 * its month index) hold partitions; the migration gets a name of its own, so its state
 * never mixes with another test's. Like {@code MigrationIntegrationTests}, it has an
 * application context of its own: the dual-write phase it sets would reroute the other
 * tests' category copies in the shared context.
 */
@ActiveProfiles("test")
@SpringBootTest(
		properties = { "querydriven.blog-platform.seed.enabled=true", "querydriven.blog-platform.seed.posts=500" })
@CassandraTest
class MeasuredPartitionsIntegrationTests {

	private static final String MIGRATION = "posts-by-category-model-check-"
			+ UUID.randomUUID().toString().substring(0, 8);

	@DynamicPropertySource
	static void migrationName(DynamicPropertyRegistry registry) {
		registry.add("querydriven.blog-platform.migration.category-migration.name", () -> MIGRATION);
	}

	/**
	 * Every table the seeder fills, both category shapes included, was measured on the
	 * node, not only estimated, and none measures a failure.
	 */
	@Test
	void everySeededTableIsMeasured(@Autowired CqlSession session, @Autowired SeedingDuringDualWrite seeding)
			throws Exception {
		DemoDataSeeded seeded = seeding.done.get(2, TimeUnit.MINUTES);
		assertThat(seeded.postsCreated()).isEqualTo(500);

		ModelReport report = ModelCheckHarness.of(new BlogPlatformQueryCatalog(), session)
			.measuredOn(SharedCassandra.backend().jmxAddress())
			.measure();

		assertThat(report.measured()).extracting(MeasuredTable::table)
			.contains("posts_by_id", "posts_by_author", "comments_by_post", "posts_by_category_v1", "posts_by_category",
					"comment_counts", "category_months");
	}

	/**
	 * Puts the category migration in {@code DUAL_WRITE} before the seeder starts, and
	 * completes when the seeder, which runs in the background, says it is done.
	 */
	@TestConfiguration(proxyBeanMethods = false)
	static class SeedingDuringDualWrite {

		final CompletableFuture<DemoDataSeeded> done = new CompletableFuture<>();

		@Bean
		ApplicationRunner dualWriteBeforeSeeding(MigrationEngine migrations) {
			return new DualWriteFirst(migrations);
		}

		@EventListener
		void seeded(DemoDataSeeded seeded) {
			this.done.complete(seeded);
		}

	}

	/** Runs before every other runner (the seeder runs last). */
	private record DualWriteFirst(MigrationEngine migrations) implements ApplicationRunner, Ordered {

		@Override
		public void run(ApplicationArguments args) {
			this.migrations.moveTo(MIGRATION, MigrationPhase.DUAL_WRITE).block();
		}

		@Override
		public int getOrder() {
			return Ordered.HIGHEST_PRECEDENCE;
		}

	}

}
