package dev.querydriven.modelcheck;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.VectorType;
import com.datastax.oss.protocol.internal.ProtocolConstants;

/**
 * The size of one value of a CQL type, for the partition-size arithmetic. Fixed-width
 * types have their exact size; variable-width ones (text, blobs, collections, ...) an
 * assumed average, used only where the sizing facts give no row size.
 */
final class CellSizes {

	/** Assumed average of a text or ASCII value. */
	static final long TEXT_BYTES = 32;

	/** Assumed average of a blob. */
	static final long BLOB_BYTES = 64;

	/** Assumed average of a decimal or varint. */
	static final long NUMBER_BYTES = 16;

	/** Assumed average of a collection. */
	static final long COLLECTION_BYTES = 64;

	private CellSizes() {
	}

	/**
	 * The size of one value.
	 *
	 * @param bytes the exact or assumed size
	 * @param fixed whether every value of the type has this size
	 */
	record CellSize(long bytes, boolean fixed) {

		CellSize plus(CellSize other) {
			return new CellSize(this.bytes + other.bytes, this.fixed && other.fixed);
		}

	}

	static CellSize of(DataType type) {
		if (type instanceof VectorType vector) {
			CellSize element = of(vector.getElementType());
			return new CellSize(element.bytes() * vector.getDimensions(), element.fixed());
		}
		if (type instanceof ListType || type instanceof SetType || type instanceof MapType) {
			return new CellSize(COLLECTION_BYTES, false);
		}
		if (type instanceof UserDefinedType udt) {
			return udt.getFieldTypes().stream().map(CellSizes::of).reduce(new CellSize(0, true), CellSize::plus);
		}
		if (type instanceof TupleType tuple) {
			return tuple.getComponentTypes().stream().map(CellSizes::of).reduce(new CellSize(0, true), CellSize::plus);
		}
		return switch (type.getProtocolCode()) {
			case ProtocolConstants.DataType.BOOLEAN, ProtocolConstants.DataType.TINYINT -> new CellSize(1, true);
			case ProtocolConstants.DataType.SMALLINT -> new CellSize(2, true);
			case ProtocolConstants.DataType.INT, ProtocolConstants.DataType.FLOAT, ProtocolConstants.DataType.DATE ->
				new CellSize(4, true);
			case ProtocolConstants.DataType.BIGINT, ProtocolConstants.DataType.COUNTER,
					ProtocolConstants.DataType.DOUBLE, ProtocolConstants.DataType.TIMESTAMP,
					ProtocolConstants.DataType.TIME ->
				new CellSize(8, true);
			case ProtocolConstants.DataType.UUID, ProtocolConstants.DataType.TIMEUUID -> new CellSize(16, true);
			// IPv4 takes 4 bytes and IPv6 16: count the larger.
			case ProtocolConstants.DataType.INET -> new CellSize(16, false);
			case ProtocolConstants.DataType.ASCII, ProtocolConstants.DataType.VARCHAR ->
				new CellSize(TEXT_BYTES, false);
			case ProtocolConstants.DataType.DECIMAL, ProtocolConstants.DataType.VARINT,
					ProtocolConstants.DataType.DURATION ->
				new CellSize(NUMBER_BYTES, false);
			default -> new CellSize(BLOB_BYTES, false);
		};
	}

}
