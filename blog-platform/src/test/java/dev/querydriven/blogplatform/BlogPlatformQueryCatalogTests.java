package dev.querydriven.blogplatform;

import java.util.Map;
import java.util.stream.Collectors;

import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modeling.bucket.BucketAdvice;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.bucket.BucketSizeAdvisor;
import dev.querydriven.modeling.bucket.BucketTargets;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What this service's catalogue declares beyond what every catalogue must hold (that part
 * is in {@link BlogPlatformConformanceTests}): the facts that justify the month buckets,
 * and the legacy table's reviewed exemptions.
 */
class BlogPlatformQueryCatalogTests {

	private final BlogPlatformQueryCatalog catalog = new BlogPlatformQueryCatalog();

	/**
	 * The bucket-size advisor, fed Q5's declared facts, chooses the month buckets the
	 * table uses.
	 */
	@Test
	void declaredFactsJustifyMonthBuckets() {
		AccessPattern bucketed = this.catalog.accessPatterns()
			.stream()
			.filter((query) -> query.id().equals("Q5"))
			.findFirst()
			.orElseThrow();

		BucketAdvice advice = BucketSizeAdvisor.advise(bucketed.facts().writesPerSecondPerPartition(),
				bucketed.facts().averageRowBytes(), BucketTargets.DEFAULT);

		assertThat(advice.granularity()).isEqualTo(BucketGranularity.MONTH);
		assertThat(advice.withinTarget()).isTrue();
		assertThat(advice.rowsPerPartition()).isLessThan(bucketed.facts().rowsPerPartition() * 1.1);
	}

	/**
	 * The legacy table's departures from the rules are declared as reviewed exemptions.
	 */
	@Test
	void legacyTableIsAnExemptedAntiPattern() {
		Map<String, String> checks = this.catalog.exemptions()
			.stream()
			.collect(Collectors.toMap((exemption) -> exemption.check(), (exemption) -> exemption.table()));

		assertThat(checks).containsEntry("partition-size", "posts_by_category_v1")
			.containsEntry("distribution", "posts_by_category_v1")
			.containsEntry("tombstones", "posts_by_category_v1");
		assertThat(this.catalog.accessPatterns()).filteredOn((query) -> query.table().equals("posts_by_category_v1"))
			.singleElement()
			.satisfies((query) -> assertThat(query.facts().bounded()).isFalse());
	}

}
