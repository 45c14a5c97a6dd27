package dev.querydriven.tablemigration;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.TokenMap;

/**
 * Cuts the token ring into the slices a backfill scans. The slices follow the nodes'
 * token ranges from the driver's metadata (so each slice is owned by one replica set and
 * a scan of it touches one set of nodes), each range cut further into pieces of about
 * equal width until there are at least as many slices as asked for. The plan is stored
 * with the migration's state when its backfill starts, so that a resumed job scans
 * exactly the slices it checkpointed, whatever the ring looks like by then.
 */
final class TokenRanges {

	/** The Murmur3 ring holds 2^64 tokens (one, {@link Long#MIN_VALUE}, never used). */
	private static final BigInteger RING_SIZE = BigInteger.TWO.pow(64);

	private TokenRanges() {
	}

	/**
	 * The plan for the session's cluster.
	 * @param session the session
	 * @param target the least number of slices
	 * @return the slice boundaries, from {@link Long#MIN_VALUE} to {@link Long#MAX_VALUE}
	 */
	static List<Long> plan(CqlSession session, int target) {
		TreeSet<Long> ringTokens = new TreeSet<>();
		TokenMap tokenMap = session.getMetadata().getTokenMap().orElse(null);
		if (tokenMap != null) {
			if (!tokenMap.getPartitionerName().endsWith("Murmur3Partitioner")) {
				throw new IllegalStateException(
						"Token-range scans here assume the Murmur3Partitioner, not " + tokenMap.getPartitionerName());
			}
			tokenMap.getTokenRanges()
				.forEach((range) -> ringTokens.add(Long.parseLong(tokenMap.format(range.getEnd()))));
		}
		// Without token metadata the ring is still (MIN, MAX]: the slices are then merely
		// not aligned with the nodes' ranges.
		return boundaries(ringTokens, target);
	}

	/**
	 * Boundaries cutting the ring at every node token and then evenly, so that no slice
	 * is wider than the ring divided by {@code target} (rounded up): exactly
	 * {@code target} slices without node tokens, a few more with them.
	 * @param ringTokens the nodes' tokens
	 * @param target the least number of slices
	 * @return ascending boundaries from {@link Long#MIN_VALUE} to {@link Long#MAX_VALUE}
	 */
	static List<Long> boundaries(Collection<Long> ringTokens, int target) {
		if (target < 1) {
			throw new IllegalArgumentException("target must be positive");
		}
		TreeSet<Long> cuts = new TreeSet<>(ringTokens);
		cuts.add(Long.MIN_VALUE);
		cuts.add(Long.MAX_VALUE);
		BigInteger[] share = RING_SIZE.divideAndRemainder(BigInteger.valueOf(target));
		BigInteger widest = share[0].add((share[1].signum() > 0) ? BigInteger.ONE : BigInteger.ZERO);
		List<Long> boundaries = new ArrayList<>();
		boundaries.add(Long.MIN_VALUE);
		Long from = null;
		for (Long to : cuts) {
			if (from != null) {
				BigInteger start = BigInteger.valueOf(from);
				BigInteger width = BigInteger.valueOf(to).subtract(start);
				BigInteger[] division = width.divideAndRemainder(widest);
				BigInteger pieces = division[0].add(division[1].signum() > 0 ? BigInteger.ONE : BigInteger.ZERO);
				for (BigInteger piece = BigInteger.ONE; piece.compareTo(pieces) < 0; piece = piece
					.add(BigInteger.ONE)) {
					boundaries.add(start.add(width.multiply(piece).divide(pieces)).longValueExact());
				}
				boundaries.add(to);
			}
			from = to;
		}
		return List.copyOf(boundaries);
	}

	/**
	 * The slices between consecutive boundaries.
	 * @param boundaries ascending boundaries
	 * @return the slices
	 */
	static List<TokenSlice> slices(List<Long> boundaries) {
		List<TokenSlice> slices = new ArrayList<>(boundaries.size() - 1);
		for (int i = 1; i < boundaries.size(); i++) {
			slices.add(new TokenSlice(boundaries.get(i - 1), boundaries.get(i)));
		}
		return slices;
	}

}
