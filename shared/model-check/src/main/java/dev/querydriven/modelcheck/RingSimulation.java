package dev.querydriven.modelcheck;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.internal.core.metadata.token.Murmur3Token;
import com.datastax.oss.driver.internal.core.metadata.token.Murmur3TokenFactory;
import com.datastax.oss.driver.internal.core.util.RoutingKey;
import com.datastax.oss.protocol.internal.ProtocolConstants;

/**
 * Places a table's declared partition keys on a ring of evenly spaced nodes, the way
 * Cassandra does: each key is serialized, composed (for a composite partition key) and
 * hashed with Murmur3 by the Java driver's own token code (the code it uses for
 * token-aware routing), and counted on the node whose primary range holds the token.
 * <p>
 * With a replication factor equal to the node count every node stores everything, so the
 * simulation judges <em>primary</em> ownership: which node is the first replica of each
 * partition, i.e. how the partitions themselves spread. The keys are synthetic but
 * distinct, which is all a hash needs; the result is deterministic (a fixed seed), so a
 * committed report never changes by chance.
 */
final class RingSimulation {

	/** At most this many keys are hashed; more distinct keys are represented by them. */
	static final int MAX_SAMPLES = 20_000;

	private static final Murmur3TokenFactory MURMUR3 = new Murmur3TokenFactory();

	private RingSimulation() {
	}

	/**
	 * Simulates the distribution.
	 * @param keyTypes the partition key's column types, in order
	 * @param distinctKeys how many key values exist (at least 1)
	 * @param hottestKeyShare the share of the most common key, 0 for an even load
	 * @param nodes how many nodes the ring has (at least 1)
	 * @return where the load lands
	 */
	static RingDistribution simulate(List<DataType> keyTypes, long distinctKeys, double hottestKeyShare, int nodes) {
		if (distinctKeys < 1 || nodes < 1 || keyTypes.isEmpty()) {
			throw new IllegalArgumentException("Need at least one key, one node and one key column");
		}
		long[] ring = evenlySpacedTokens(nodes);
		int samples = (int) Math.min(distinctKeys, MAX_SAMPLES);
		double[] shares = new double[nodes];
		SplittableRandom random = new SplittableRandom(20240115L);
		for (int i = 0; i < samples; i++) {
			long token = token(keyTypes, i, random);
			shares[owner(ring, token)] += weight(i, samples, hottestKeyShare);
		}
		List<Double> nodeShares = new ArrayList<>();
		int owning = 0;
		double busiest = 0;
		for (double share : shares) {
			nodeShares.add(share);
			owning += (share > 0) ? 1 : 0;
			busiest = Math.max(busiest, share);
		}
		double hottestPartition = (distinctKeys == 1) ? 1.0 : (hottestKeyShare > 0)
				? Math.max(hottestKeyShare, (1 - hottestKeyShare) / (distinctKeys - 1)) : 1.0 / distinctKeys;
		return new RingDistribution(nodes, distinctKeys, samples, hottestKeyShare, nodeShares, busiest * nodes, owning,
				hottestPartition);
	}

	/**
	 * The tokens of a ring of evenly spaced nodes: node {@code j} holds
	 * {@code -2^63 + j × 2^64 / nodes} and is the primary replica of the range that ends
	 * there.
	 * @param nodes the node count
	 * @return the tokens, ascending
	 */
	static long[] evenlySpacedTokens(int nodes) {
		BigInteger step = BigInteger.ONE.shiftLeft(64).divide(BigInteger.valueOf(nodes));
		long[] tokens = new long[nodes];
		for (int j = 0; j < nodes; j++) {
			tokens[j] = BigInteger.valueOf(Long.MIN_VALUE).add(step.multiply(BigInteger.valueOf(j))).longValueExact();
		}
		return tokens;
	}

	/**
	 * The node owning a token: the first node whose token is at or after it, wrapping
	 * around to the first node past the last token.
	 * @param ring the ascending node tokens
	 * @param token the partition's token
	 * @return the node's index
	 */
	static int owner(long[] ring, long token) {
		int index = Arrays.binarySearch(ring, token);
		if (index >= 0) {
			return index;
		}
		int insertion = -index - 1;
		return (insertion == ring.length) ? 0 : insertion;
	}

	/**
	 * The Murmur3 token of a serialized partition key, by the driver's own code.
	 * @param components the serialized key columns
	 * @return the token's value
	 */
	static long murmur3(ByteBuffer... components) {
		ByteBuffer key = (components.length == 1) ? components[0].duplicate() : RoutingKey.compose(components);
		return ((Murmur3Token) MURMUR3.hash(key)).getValue();
	}

	private static double weight(int i, int samples, double hottestKeyShare) {
		if (samples == 1) {
			return 1.0;
		}
		if (hottestKeyShare > 0) {
			return (i == 0) ? hottestKeyShare : (1 - hottestKeyShare) / (samples - 1);
		}
		return 1.0 / samples;
	}

	private static long token(List<DataType> keyTypes, int i, SplittableRandom random) {
		ByteBuffer[] components = new ByteBuffer[keyTypes.size()];
		for (int c = 0; c < components.length; c++) {
			components[c] = serialize(keyTypes.get(c), i, c, random);
		}
		return murmur3(components);
	}

	/** A distinct value of the column's type for key number {@code i}. */
	private static ByteBuffer serialize(DataType type, int i, int component, SplittableRandom random) {
		return switch (type.getProtocolCode()) {
			case ProtocolConstants.DataType.UUID, ProtocolConstants.DataType.TIMEUUID -> {
				UUID uuid = new UUID(random.nextLong(), random.nextLong());
				yield ByteBuffer.allocate(16)
					.putLong(uuid.getMostSignificantBits())
					.putLong(uuid.getLeastSignificantBits())
					.flip();
			}
			case ProtocolConstants.DataType.VARCHAR, ProtocolConstants.DataType.ASCII ->
				ByteBuffer.wrap(("key-" + i + "-" + component).getBytes(StandardCharsets.UTF_8));
			case ProtocolConstants.DataType.INT, ProtocolConstants.DataType.DATE ->
				ByteBuffer.allocate(4).putInt(i).flip();
			// Other types are hashed as 8-byte values: any distinct bytes hash alike.
			default -> ByteBuffer.allocate(8).putLong(i).flip();
		};
	}

}
