package dev.querydriven.tablemigration;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TokenRangesTests {

	private static final Random random = new Random(20260501);

	/** Without token metadata the whole ring is cut into equal slices. */
	@Test
	void wholeRingIsCutIntoTheRequestedNumberOfSlices() {
		List<TokenSlice> slices = TokenRanges.slices(TokenRanges.boundaries(Set.of(), 4));
		assertThat(slices).hasSize(4);
		assertThat(slices.get(0).fromExclusive()).isEqualTo(Long.MIN_VALUE);
		assertThat(slices.get(3).toInclusive()).isEqualTo(Long.MAX_VALUE);
	}

	/** Every node token is a boundary, so no slice spans two nodes' ranges. */
	@Test
	void nodeTokensAreBoundaries() {
		Set<Long> tokens = Set.of(-4_611_686_018_427_387_904L, 0L, 4_611_686_018_427_387_904L);
		List<Long> boundaries = TokenRanges.boundaries(tokens, 16);
		assertThat(boundaries).containsAll(tokens);
		assertThat(TokenRanges.slices(boundaries)).hasSize(16);
	}

	/**
	 * For any ring and target, the slices cover (MIN, MAX] without gap or overlap, are at
	 * least as many as asked, and none is wider than the ring divided by the target.
	 */
	@RepeatedTest(50)
	void slicesCoverTheRingWithoutGapOrOverlap() {
		Set<Long> tokens = new TreeSet<>();
		int nodes = random.nextInt(20);
		for (int i = 0; i < nodes; i++) {
			tokens.add(random.nextLong());
		}
		int target = 1 + random.nextInt(600);
		List<TokenSlice> slices = TokenRanges.slices(TokenRanges.boundaries(tokens, target));
		assertThat(slices).hasSizeGreaterThanOrEqualTo(target);
		assertThat(slices.get(0).fromExclusive()).isEqualTo(Long.MIN_VALUE);
		assertThat(slices.get(slices.size() - 1).toInclusive()).isEqualTo(Long.MAX_VALUE);
		BigInteger[] share = BigInteger.TWO.pow(64).divideAndRemainder(BigInteger.valueOf(target));
		BigInteger widest = share[0].add((share[1].signum() > 0) ? BigInteger.ONE : BigInteger.ZERO);
		for (int i = 0; i < slices.size(); i++) {
			TokenSlice slice = slices.get(i);
			if (i > 0) {
				assertThat(slice.fromExclusive()).isEqualTo(slices.get(i - 1).toInclusive());
			}
			assertThat(BigInteger.valueOf(slice.toInclusive()).subtract(BigInteger.valueOf(slice.fromExclusive())))
				.isLessThanOrEqualTo(widest);
		}
	}

}
