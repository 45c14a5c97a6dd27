package dev.querydriven.testsupport.inspector;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a token would live on a production-sized cluster: {@code nodes} evenly spaced
 * nodes, {@code node-k} owning the token -2<sup>63</sup> + (k-1)·2<sup>64</sup>/nodes. A
 * partition's primary replica is the first node at or after its token (wrapping round to
 * {@code node-1}), its other replicas the next nodes clockwise, as Cassandra's
 * {@code SimpleStrategy} places them. A dev run has one node, which holds everything; the
 * simulated placement shows how well a partition key spreads the load: the same key
 * always lands on the same nodes, and a hot key's nodes are hot.
 */
final class SimulatedRing {

	private static final BigInteger MIN = BigInteger.valueOf(Long.MIN_VALUE);

	private static final BigInteger SPAN = BigInteger.ONE.shiftLeft(64);

	private final long[] tokens;

	private final int replicationFactor;

	SimulatedRing(int nodes, int replicationFactor) {
		if (nodes < 1 || replicationFactor < 1 || replicationFactor > nodes) {
			throw new IllegalArgumentException("A ring of " + nodes + " nodes cannot hold " + replicationFactor
					+ " replicas: set querydriven.inspector.ring.nodes and replication-factor");
		}
		this.tokens = new long[nodes];
		for (int k = 0; k < nodes; k++) {
			this.tokens[k] = MIN.add(SPAN.multiply(BigInteger.valueOf(k)).divide(BigInteger.valueOf(nodes)))
				.longValueExact();
		}
		this.replicationFactor = replicationFactor;
	}

	/**
	 * The token each node owns.
	 * @param node from 1
	 * @return its token
	 */
	long token(int node) {
		return this.tokens[node - 1];
	}

	/**
	 * The replicas of a token, the primary first.
	 * @param token a Murmur3 token
	 * @return {@code node-k} names
	 */
	List<String> replicas(long token) {
		int primary = 0;
		while (primary < this.tokens.length && this.tokens[primary] < token) {
			primary++;
		}
		List<String> replicas = new ArrayList<>(this.replicationFactor);
		for (int i = 0; i < this.replicationFactor; i++) {
			replicas.add("node-" + ((primary + i) % this.tokens.length + 1));
		}
		return replicas;
	}

}
