package dev.querydriven.modelcheck;

import java.util.List;

/**
 * How a table's declared partition keys spread over the primary token ranges of a ring of
 * evenly spaced nodes.
 *
 * @param nodes the nodes of the simulated ring
 * @param distinctKeys the declared number of partition-key values
 * @param sampledKeys how many synthetic keys were hashed (all of them up to
 * {@link RingSimulation#MAX_SAMPLES})
 * @param hottestKeyShare the share of the most common key in the simulation: the declared
 * one, or 0 (even) when there is none or its partition writes too slowly to make any node
 * a bottleneck
 * @param nodeShares each node's share of the table's rows and writes, by primary
 * ownership, in ring order
 * @param imbalance the busiest node's share divided by a fair share ({@code 1/nodes}):
 * 1.0 is perfectly even, 2.0 means one node does twice its part
 * @param nodesOwningData how many nodes own any of the table's partitions
 * @param hottestPartitionShare the share of the table's load on its busiest partition
 */
public record RingDistribution(int nodes, long distinctKeys, int sampledKeys, double hottestKeyShare,
		List<Double> nodeShares, double imbalance, int nodesOwningData, double hottestPartitionShare) {

	public RingDistribution {
		nodeShares = List.copyOf(nodeShares);
	}

}
