package dev.querydriven.modelcheck;

import java.util.List;
import java.util.Locale;

import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import dev.querydriven.modelcheck.catalog.SizingFacts;

/**
 * "Data distributed evenly? No hot partitions? Write patterns sustainable?" Judges a
 * table's partition key from its declared facts and a simulation of the keys on a ring of
 * evenly spaced nodes ({@link RingSimulation}).
 * <ul>
 * <li><b>Low cardinality</b>: fewer key values than nodes fails (some nodes can never own
 * the table's partitions); under {@value #LOW_CARDINALITY} values, for partitions holding
 * many rows, warns (the guide's "country ❌ (hundreds)").</li>
 * <li><b>Uneven ownership</b>: the busiest simulated node carrying at least
 * {@value #WARN_IMBALANCE}× its fair share warns, at least {@value #FAIL_IMBALANCE}×
 * fails — the cluster then saturates when that node does, at half its capacity or
 * less.</li>
 * <li><b>Hot partitions</b>: one partition's writes all land on the same replicas,
 * however large the cluster. A Cassandra node sustains in the order of ten thousand small
 * writes per second per core, and writes to one partition also contend on that
 * partition's memtable entry. This check calls <b>{@value #SUSTAINABLE_WRITES} writes per
 * second per partition</b> sustainable — a tenth of what a small node absorbs, leaving
 * the rest of the node for every other partition — warns above it, and fails above
 * {@value #BOTTLENECK_WRITES}/s, a whole node's worth of writes on one key. Above the
 * sustainable rate, a declared skew ({@code hottestKeyShare}) that puts more than a
 * node's fair share ({@code 1/nodes}) of the table's load on that partition fails as
 * well: no number of nodes can spread it.</li>
 * </ul>
 * A declared skew counts only when its busiest partition writes faster than
 * {@value #SUSTAINABLE_WRITES}/s (the declared {@code writesPerSecondPerPartition} is the
 * busiest partition's peak). Below that rate the key uses at most a tenth of a small
 * node, so however large its share of the table, its replicas are no bottleneck: the ring
 * is then simulated without the skew, judging how the partitions themselves spread. A
 * skew of data rather than writes shows in the partition size, for which the facts
 * declare the busiest partition's rows.
 */
final class DistributionCheck {

	/** Partition-key values below which multi-row partitions count as low-cardinality. */
	static final long LOW_CARDINALITY = 1_000;

	/** The busiest node's share over a fair share that earns a warning. */
	static final double WARN_IMBALANCE = 1.25;

	/** The busiest node's share over a fair share that fails. */
	static final double FAIL_IMBALANCE = 2.0;

	/** Writes per second into one partition considered sustainable. */
	static final double SUSTAINABLE_WRITES = 1_000;

	/** Writes per second into one partition that make it a bottleneck. */
	static final double BOTTLENECK_WRITES = 10_000;

	private DistributionCheck() {
	}

	static RingDistribution run(CheckContext context, TableShape shape, SizingFacts facts) {
		String table = shape.name();
		List<com.datastax.oss.driver.api.core.type.DataType> types = shape.partitionKey()
			.stream()
			.map(ColumnMetadata::getType)
			.toList();
		long keys = Math.max(1, facts.distinctPartitionKeys());
		double rate = facts.writesPerSecondPerPartition();
		double skew = (rate > SUSTAINABLE_WRITES) ? facts.hottestKeyShare() : 0;
		RingDistribution ring = RingSimulation.simulate(types, keys, skew, context.ringNodes);
		int nodes = context.ringNodes;
		boolean manyRows = facts.rowsPerPartition() != 1;
		String keyColumns = String.join(", ", shape.partitionKeyNames());
		String key = "(" + keyColumns + ")";
		String lowCardinalityFix = Guidance.lowCardinalityFix(keyColumns, String.join(", ", shape.clusteringNames()));
		String spread = String.format(Locale.ROOT,
				"On a ring of %d evenly spaced nodes, %d own its partitions and the busiest carries %s of the load "
						+ "(%.2f× a fair share of %s).",
				nodes, ring.nodesOwningData(), Units.percent(ring.imbalance() / nodes), ring.imbalance(),
				Units.percent(1.0 / nodes));
		boolean cardinalityFlagged = false;
		if (keys < nodes) {
			context.add(new Finding(manyRows ? Verdict.FAIL : Verdict.WARN, Check.DISTRIBUTION, "low-cardinality",
					table, table,
					"The partition key " + key + " of `" + table + "` has " + Units.count(keys) + " values, fewer than "
							+ "the " + nodes + " nodes: at most " + keys + " nodes ever hold its data. " + spread,
					Guidance.LOW_CARDINALITY, lowCardinalityFix));
			cardinalityFlagged = true;
		}
		else if (keys < LOW_CARDINALITY && manyRows) {
			context.add(new Finding(Verdict.WARN, Check.DISTRIBUTION, "low-cardinality", table, table,
					"The partition key " + key + " of `" + table + "` has only " + Units.count(keys)
							+ " values for partitions of many rows. " + spread,
					Guidance.LOW_CARDINALITY, lowCardinalityFix));
			cardinalityFlagged = true;
		}
		if (!cardinalityFlagged && ring.imbalance() >= WARN_IMBALANCE) {
			context.add(new Finding((ring.imbalance() >= FAIL_IMBALANCE) ? Verdict.FAIL : Verdict.WARN,
					Check.DISTRIBUTION, "uneven-distribution", table, table,
					"The declared keys of `" + table + "` spread unevenly. " + spread, Guidance.EVEN,
					lowCardinalityFix));
		}
		double fairShare = 1.0 / nodes;
		if (rate > SUSTAINABLE_WRITES) {
			boolean skewed = skew > fairShare;
			context.add(new Finding((rate > BOTTLENECK_WRITES || skewed) ? Verdict.FAIL : Verdict.WARN,
					Check.DISTRIBUTION, "hot-partition", table, table,
					"One partition of `" + table + "` takes " + Units.rate(rate) + " writes, above the "
							+ Units.rate(SUSTAINABLE_WRITES) + " this check considers sustainable for one partition"
							+ ((rate > BOTTLENECK_WRITES)
									? " (and above " + Units.rate(BOTTLENECK_WRITES) + ", a whole node's worth)." : ".")
							+ (skewed ? " Its key takes " + Units.percent(skew)
									+ " of the table's rows and writes, more than a whole node's share ("
									+ Units.percent(fairShare)
									+ "): no number of nodes can spread it, and that partition's replicas bound the "
									+ "table's throughput." : ""),
					Guidance.HOT_PARTITION, Guidance.hotPartitionFix(keyColumns)));
		}
		return ring;
	}

}
