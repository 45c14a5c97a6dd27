package dev.querydriven.modelcheck;

import java.nio.ByteBuffer;
import java.util.List;

import com.datastax.oss.driver.api.core.type.DataTypes;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The distribution simulation: Murmur3 tokens of synthetic keys on a ring of evenly
 * spaced nodes.
 */
class RingSimulationTests {

	/** Six nodes split the token range into six equal primary ranges. */
	@Test
	void evenlySpacedTokensSplitTheRingEqually() {
		long[] ring = RingSimulation.evenlySpacedTokens(6);
		assertThat(ring).hasSize(6);
		assertThat(ring[0]).isEqualTo(Long.MIN_VALUE);
		long step = ring[1] - ring[0];
		for (int i = 1; i < ring.length; i++) {
			assertThat(ring[i] - ring[i - 1]).isEqualTo(step);
		}
		// 2^64 / 6, rounded down
		assertThat(step).isEqualTo(3_074_457_345_618_258_602L);
	}

	/**
	 * A node is the primary replica of the range ending at its token; past the last, the
	 * first.
	 */
	@Test
	void tokensBelongToTheNextNodeClockwise() {
		long[] ring = { -100, 0, 100 };
		assertThat(RingSimulation.owner(ring, -100)).isZero();
		assertThat(RingSimulation.owner(ring, -99)).isEqualTo(1);
		assertThat(RingSimulation.owner(ring, 0)).isEqualTo(1);
		assertThat(RingSimulation.owner(ring, 50)).isEqualTo(2);
		assertThat(RingSimulation.owner(ring, 101)).isZero();
		assertThat(RingSimulation.owner(ring, Long.MIN_VALUE)).isZero();
	}

	/** The driver's Murmur3 gives the token Cassandra gives an int key of 1. */
	@Test
	void murmur3MatchesCassandrasTokenOfAnIntKey() {
		assertThat(RingSimulation.murmur3(ByteBuffer.allocate(4).putInt(1).flip()))
			.isEqualTo(-4_069_959_284_402_364_209L);
	}

	/** Millions of user ids spread evenly: every node owns about a sixth. */
	@Test
	void highCardinalityKeysSpreadEvenly() {
		RingDistribution ring = RingSimulation.simulate(List.of(DataTypes.UUID), 10_000_000, 0, 6);
		assertThat(ring.nodesOwningData()).isEqualTo(6);
		assertThat(ring.sampledKeys()).isEqualTo(RingSimulation.MAX_SAMPLES);
		assertThat(ring.imbalance()).isLessThan(1.1);
		assertThat(ring.nodeShares().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(1.0, within(1e-9));
		assertThat(ring.hottestPartitionShare()).isEqualTo(1e-7);
	}

	/** Five order statuses can land on five nodes at most. */
	@Test
	void fewerKeysThanNodesLeaveNodesEmpty() {
		RingDistribution ring = RingSimulation.simulate(List.of(DataTypes.TEXT), 5, 0, 6);
		assertThat(ring.nodesOwningData()).isLessThanOrEqualTo(5);
		assertThat(ring.imbalance()).isGreaterThanOrEqualTo(1.2);
		assertThat(ring.hottestPartitionShare()).isEqualTo(0.2);
	}

	/** A country holding 30% of the users puts at least 30% of the load on one node. */
	@Test
	void skewedKeyConcentratesLoadOnOneNode() {
		RingDistribution ring = RingSimulation.simulate(List.of(DataTypes.TEXT), 200, 0.3, 6);
		assertThat(ring.imbalance()).isGreaterThanOrEqualTo(0.3 * 6);
		assertThat(ring.hottestPartitionShare()).isEqualTo(0.3);
	}

	/**
	 * Composite keys are composed as Cassandra does before hashing, and results repeat.
	 */
	@Test
	void compositeKeysGiveRepeatableResults() {
		List<com.datastax.oss.driver.api.core.type.DataType> key = List.of(DataTypes.TEXT, DataTypes.TEXT,
				DataTypes.INT);
		RingDistribution first = RingSimulation.simulate(key, 5_000, 0, 6);
		RingDistribution second = RingSimulation.simulate(key, 5_000, 0, 6);
		assertThat(first).isEqualTo(second);
		assertThat(first.nodesOwningData()).isEqualTo(6);
		assertThat(first.imbalance()).isLessThan(1.25);
	}

}
