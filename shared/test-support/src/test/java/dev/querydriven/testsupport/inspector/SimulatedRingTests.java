package dev.querydriven.testsupport.inspector;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The simulated ring places tokens as Cassandra places them on evenly spaced nodes. */
class SimulatedRingTests {

	private final SimulatedRing ring = new SimulatedRing(6, 3);

	/**
	 * Node k owns -2^63 + (k-1)·2^64/6: the first at the ring's start, all evenly apart.
	 */
	@Test
	void nodesAreEvenlySpaced() {
		assertThat(this.ring.token(1)).isEqualTo(Long.MIN_VALUE);
		assertThat(this.ring.token(4)).isZero();
		// 2^64 / 6, rounded down.
		assertThat(this.ring.token(2)).isEqualTo(Long.MIN_VALUE + 3_074_457_345_618_258_602L);
	}

	/**
	 * The primary is the first node at or after the token, then the next ones clockwise.
	 */
	@Test
	void aTokenLivesOnTheFirstNodeAtOrAfterItAndTheNextOnes() {
		assertThat(this.ring.replicas(Long.MIN_VALUE)).containsExactly("node-1", "node-2", "node-3");
		assertThat(this.ring.replicas(Long.MIN_VALUE + 1)).containsExactly("node-2", "node-3", "node-4");
		assertThat(this.ring.replicas(0)).containsExactly("node-4", "node-5", "node-6");
		assertThat(this.ring.replicas(1)).containsExactly("node-5", "node-6", "node-1");
	}

	/** Past the last node's token, the ring wraps round to the first node. */
	@Test
	void theRingWrapsRound() {
		assertThat(this.ring.replicas(Long.MAX_VALUE)).containsExactly("node-1", "node-2", "node-3");
	}

	/** More replicas than nodes is a setting nobody can run. */
	@Test
	void moreReplicasThanNodesIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new SimulatedRing(2, 3))
			.withMessageContaining("querydriven.inspector.ring");
	}

}
