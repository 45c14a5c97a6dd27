package dev.querydriven.modelcheck;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import dev.querydriven.modelcheck.catalog.SizingFacts;
import dev.querydriven.modeling.bucket.BucketAdvice;
import dev.querydriven.modeling.bucket.BucketSizeAdvisor;
import dev.querydriven.modeling.bucket.BucketTargets;

/**
 * "Partitions &lt; 100MB?" Sizes one partition of each table from its columns and the
 * declared facts ({@link PartitionEstimate}): fail above 100 MB or 2 billion values, warn
 * above 10 MB. A time series without a time bucket in its partition key grows for as long
 * as the application runs: it is judged from its declared lifetime growth, and fails when
 * nothing bounds it (or nothing was declared).
 */
final class PartitionSizeCheck {

	private PartitionSizeCheck() {
	}

	/**
	 * The estimate and how the partition grows.
	 *
	 * @param estimate the estimate, or {@code null} when it cannot be made
	 * @param growth a phrase for the report
	 */
	record Sizing(PartitionEstimate estimate, String growth) {

	}

	static Sizing run(CheckContext context, TableShape shape, Optional<SizingFacts> declared) {
		String table = shape.name();
		Optional<String> timeColumn = shape.timeOrderedBy();
		List<String> buckets = shape.timeBuckets();
		boolean timeSeries = timeColumn.isPresent() && buckets.isEmpty();
		boolean singleRow = shape.clustering().isEmpty();
		SizingFacts facts = declared.orElse(null);
		long rows;
		String growth;
		if (singleRow) {
			rows = 1;
			growth = "one row per partition";
		}
		else if (facts == null) {
			rows = PartitionEstimate.UNBOUNDED;
			growth = timeSeries ? "grows with time (" + timeColumn.get() + "), no facts declared" : "undeclared";
		}
		else {
			rows = facts.bounded() ? facts.rowsPerPartition() : PartitionEstimate.UNBOUNDED;
			if (!buckets.isEmpty() && timeColumn.isPresent()) {
				growth = "bounded by the time bucket (" + String.join(", ", buckets) + ")";
			}
			else if (timeSeries) {
				growth = facts.bounded() ? "grows with time (" + timeColumn.get() + "), lifetime declared"
						: "grows with time (" + timeColumn.get() + "), unbounded";
			}
			else {
				growth = facts.bounded() ? "bounded by the declared facts" : "unbounded";
			}
		}
		if (!singleRow && rows == PartitionEstimate.UNBOUNDED) {
			if (facts == null && !timeSeries) {
				context.add(new Finding(Verdict.WARN, Check.PARTITION_SIZE, "facts-missing", table, table,
						"`" + table
								+ "` has clustering columns but no declared sizing facts: its partition size cannot be "
								+ "judged.",
						Guidance.FACTS, Guidance.factsFix(table, context.audience)));
				return new Sizing(null, growth);
			}
			String cause = (facts == null) ? "no lifetime growth is declared, so nothing bounds it"
					: "the declared facts leave it unbounded";
			context.add(new Finding(Verdict.FAIL, Check.PARTITION_SIZE, "unbounded-partition", table, table,
					"A partition of `" + table + "` "
							+ (timeSeries ? "is a time series ordered by `" + timeColumn.get()
									+ "` with no time bucket in its partition key, and " : "")
							+ cause + ".",
					Guidance.UNBOUNDED, bucketFix(shape, facts, context.audience)));
			return new Sizing(estimate(shape, PartitionEstimate.UNBOUNDED, facts), growth);
		}
		if (facts == null) {
			context.add(new Finding(Verdict.WARN, Check.PARTITION_SIZE, "facts-missing", table, table,
					"`" + table + "` declares no sizing facts: its row size and distribution are not judged.",
					Guidance.FACTS, Guidance.factsFix(table, context.audience)));
		}
		PartitionEstimate estimate = estimate(shape, rows, facts);
		judge(context, shape, estimate, facts);
		return new Sizing(estimate, growth);
	}

	static PartitionEstimate estimate(TableShape shape, long rows, SizingFacts facts) {
		long keyBytes = bytes(shape.partitionKey());
		long staticBytes = bytes(shape.statics());
		boolean declared = facts != null && facts.averageRowBytes() > 0;
		long rowBytes = declared ? facts.averageRowBytes() : bytes(shape.rowColumns());
		return PartitionEstimate.of(rows, shape.columnCount(), shape.partitionKey().size(), shape.statics().size(),
				keyBytes, staticBytes, rowBytes, declared);
	}

	private static void judge(CheckContext context, TableShape shape, PartitionEstimate estimate, SizingFacts facts) {
		String table = shape.name();
		String sizes = String.format(Locale.ROOT, "%,d rows × %,d B + cell timestamps = %s and %,d values",
				estimate.rows(), estimate.rowBytes(), Units.bytes(estimate.bytes()), estimate.values());
		if (estimate.values() > PartitionEstimate.VALUE_LIMIT) {
			context.add(new Finding(Verdict.FAIL, Check.PARTITION_SIZE, "too-many-values", table, table,
					"A partition of `" + table + "` holds " + sizes + ", above Cassandra's 2 billion values.",
					Guidance.VALUE_LIMIT, splitFix(shape, facts, context.audience)));
		}
		if (estimate.bytes() > PartitionEstimate.FAIL_BYTES) {
			context.add(new Finding(Verdict.FAIL, Check.PARTITION_SIZE, "large-partition", table, table,
					"A partition of `" + table + "` reaches " + sizes + ": above the 100 MB limit.", Guidance.LARGE,
					splitFix(shape, facts, context.audience)));
		}
		else if (estimate.bytes() > PartitionEstimate.WARN_BYTES) {
			context.add(new Finding(Verdict.WARN, Check.PARTITION_SIZE, "large-partition", table, table,
					"A partition of `" + table + "` reaches " + sizes + ": above the ideal of 10 MB.", Guidance.LARGE,
					splitFix(shape, facts, context.audience)));
		}
		long fixedFloor = shape.rowColumns()
			.stream()
			.map((column) -> CellSizes.of(column.getType()))
			.filter(CellSizes.CellSize::fixed)
			.mapToLong(CellSizes.CellSize::bytes)
			.sum();
		if (estimate.rowBytesDeclared() && estimate.rowBytes() < fixedFloor) {
			context.add(new Finding(Verdict.WARN, Check.PARTITION_SIZE, "row-size-understated", table, table,
					"`" + table + "` declares " + estimate.rowBytes()
							+ " B per row, but its fixed-width clustering and " + "regular columns alone take "
							+ fixedFloor + " B.",
					Guidance.FACTS,
					"Declare the average size of all of a row's values (clustering and regular columns)."));
		}
	}

	private static String bucketFix(TableShape shape, SizingFacts facts, Audience audience) {
		String bucket = advised(facts).map((advice) -> advice.granularity().name().toLowerCase(Locale.ROOT))
			.orElse("month");
		String key = String.join(", ", shape.partitionKeyNames());
		return "Add a time bucket to the partition key, e.g. `PRIMARY KEY ((" + key + ", " + bucket + "), "
				+ String.join(", ", shape.clusteringNames()) + ")`, and declare the rows per bucket"
				+ advice(facts, audience);
	}

	private static String splitFix(TableShape shape, SizingFacts facts, Audience audience) {
		if (shape.timeOrderedBy().isEmpty()) {
			String key = String.join(", ", shape.partitionKeyNames());
			return "Split the partition: add a shard number to the partition key, e.g. `PRIMARY KEY ((" + key
					+ ", shard), " + String.join(", ", shape.clusteringNames()) + ")` with the shard computed from the "
					+ "clustering key, and read the shards in turn (the guide: \"Use composite partition keys to split "
					+ "large datasets.\")";
		}
		if (!shape.timeBuckets().isEmpty()) {
			return "Use a finer time bucket in the partition key" + advice(facts, audience);
		}
		return "Split the partition: add a time bucket to the partition key (the guide: \"Add bucketing column to "
				+ "partition key!\")" + advice(facts, audience);
	}

	/**
	 * The bucket-size advisor's answer, when the facts give a write rate and a row size.
	 */
	private static Optional<BucketAdvice> advised(SizingFacts facts) {
		if (facts == null || !(facts.writesPerSecondPerPartition() > 0) || facts.averageRowBytes() < 1) {
			return Optional.empty();
		}
		return Optional.of(BucketSizeAdvisor.advise(facts.writesPerSecondPerPartition(), facts.averageRowBytes(),
				BucketTargets.DEFAULT));
	}

	private static String advice(SizingFacts facts, Audience audience) {
		return advised(facts)
			.map((advice) -> ((audience == Audience.THIS_REPOSITORY) ? ". `BucketSizeAdvisor`: " : ". ")
					+ advice.explanation())
			.orElse(".");
	}

	private static long bytes(List<ColumnMetadata> columns) {
		return columns.stream().mapToLong((column) -> CellSizes.of(column.getType()).bytes()).sum();
	}

}
