package dev.querydriven.modelcheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.ExecutionInfo;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;

/**
 * Measured reality: after data was loaded, flush the keyspace and compare the node's own
 * partition figures with the estimate. The node's figures come from its SSTables'
 * partition-size histograms, so they are approximate; a scan counts the rows and
 * partitions behind them. A measured partition above the limits, or rows measurably
 * larger than declared, is reported.
 *
 * <p>
 * The scan reads every tombstone of the table too: in a table whose rows are deleted (a
 * queue, a set of open items) the node warns when one page passes over more than its
 * {@code tombstone_warn_threshold}. That warning is a measurement, not a defect of the
 * application's queries: the scan does not let the driver log it (where a test would take
 * it for the application's), and the report quotes it in the measured notes.
 */
final class MeasuredCheck {

	/** Tables with more rows than this are not scanned to count them. */
	static final int MAX_SCANNED_ROWS = 200_000;

	/** Measured partitions this much larger than estimated mean the facts understate. */
	static final double UNDERSTATED_RATIO = 1.5;

	private MeasuredCheck() {
	}

	static void run(CheckContext context, TableMetricsSource source, Map<String, PartitionEstimate> estimates,
			List<MeasuredTable> measured, List<Finding> findings, List<String> notes) {
		context.keyspaces.forEach(source::flush);
		for (TableShape shape : context.tables.values()) {
			String table = shape.name();
			if (context.isInfrastructure(table)) {
				continue;
			}
			TableMetricsSource.NodeTableMetrics metrics = source.read(shape.keyspace(), shape.table()).orElse(null);
			if (metrics == null || metrics.meanPartitionBytes() <= 0) {
				notes.add("`" + table + "`: no flushed data to measure.");
				continue;
			}
			long[] counted = count(context, shape, notes);
			long rows = counted[0];
			long partitions = counted[1];
			PartitionEstimate estimate = estimates.get(table);
			long measuredPerRow = -1;
			long estimatedPerRow = (estimate != null) ? estimate.bytesPerRow() : -1;
			if (rows > 0 && partitions > 0) {
				double rowsPerPartition = (double) rows / partitions;
				measuredPerRow = Math.round(metrics.meanPartitionBytes() / rowsPerPartition);
				if (estimate != null) {
					double estimatedMean = estimate.partitionKeyBytes() + estimate.staticBytes()
							+ rowsPerPartition * estimate.bytesPerRow();
					double ratio = metrics.meanPartitionBytes() / estimatedMean;
					if (ratio > UNDERSTATED_RATIO) {
						findings.add(new Finding(Verdict.WARN, Check.MEASURED, "row-size-understated", table, table,
								String.format(Locale.ROOT,
										"Measured: the mean partition of `%s` (%.1f rows) takes %s on the node, %.1f× "
												+ "the estimate of %s for that many rows.",
										table, rowsPerPartition, Units.bytes(metrics.meanPartitionBytes()), ratio,
										Units.bytes(Math.round(estimatedMean))),
								Guidance.MEASURED, "Declare the real average row size in the sizing facts."));
					}
				}
			}
			if (metrics.maxPartitionBytes() > PartitionEstimate.FAIL_BYTES
					|| metrics.maxPartitionBytes() > PartitionEstimate.WARN_BYTES) {
				boolean fail = metrics.maxPartitionBytes() > PartitionEstimate.FAIL_BYTES;
				findings.add(
						new Finding(fail ? Verdict.FAIL : Verdict.WARN, Check.MEASURED, "large-partition", table, table,
								"Measured: the largest partition of `" + table + "` takes "
										+ Units.bytes(metrics.maxPartitionBytes()) + " on the node.",
								Guidance.LARGE,
								"Bucket the partition key; check the declared facts against the data."));
			}
			measured.add(new MeasuredTable(table, metrics.estimatedPartitions(), metrics.maxPartitionBytes(),
					metrics.meanPartitionBytes(), rows, partitions, measuredPerRow, estimatedPerRow));
		}
	}

	/**
	 * Rows and partitions of a table, by a scan of its primary key; -1 when too large.
	 */
	private static long[] count(CheckContext context, TableShape shape, List<String> notes) {
		List<String> key = new ArrayList<>();
		for (ColumnMetadata column : shape.partitionKey()) {
			key.add(column.getName().asCql(true));
		}
		String cql = "SELECT " + String.join(", ", key) + " FROM " + shape.metadata().getKeyspace().asCql(true) + "."
				+ shape.metadata().getName().asCql(true);
		DriverExecutionProfile quiet = context.session.getContext()
			.getConfig()
			.getDefaultProfile()
			.withBoolean(DefaultDriverOption.REQUEST_LOG_WARNINGS, false);
		ResultSet result = context.session
			.execute(SimpleStatement.newInstance(cql).setPageSize(5_000).setExecutionProfile(quiet));
		long rows = 0;
		long partitions = 0;
		List<Object> previous = null;
		try {
			for (Row row : result) {
				List<Object> current = new ArrayList<>();
				for (int i = 0; i < key.size(); i++) {
					current.add(row.getObject(i));
				}
				if (!Objects.equals(previous, current)) {
					partitions++;
					previous = current;
				}
				if (++rows > MAX_SCANNED_ROWS) {
					return new long[] { -1, -1 };
				}
			}
			return new long[] { rows, partitions };
		}
		finally {
			for (ExecutionInfo page : result.getExecutionInfos()) {
				for (String warning : page.getWarnings()) {
					notes
						.add("`" + shape.name() + "`: the node warned while the count scan read the table: " + warning);
				}
			}
		}
	}

}
