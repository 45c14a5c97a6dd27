package dev.querydriven.ecommerceorders.order;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.codec.MappingCodec;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.registry.MutableCodecRegistry;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;

import org.springframework.stereotype.Component;

/**
 * Teaches the driver the keyspace's user-defined types ({@code order_item},
 * {@code address}, {@code order_operation}) as the records {@link OrderItem},
 * {@link ShippingAddress} and {@link OrderOperation}, so that rows read and bind them
 * directly, e.g. {@code row.getList("items", OrderItem.class)}. The types are taken from
 * a prepared statement's metadata (they exist once the schema migrations have run, which
 * happens before any bean uses the session). Every repository reading or writing these
 * types depends on this bean, so the codecs are registered before their first use.
 */
@Component
public final class OrderCodecs {

	OrderCodecs(CqlSession session) {
		ColumnDefinitions columns = session
			.prepare("SELECT items, shipping_address, operations FROM orders_by_id WHERE order_id = ?")
			.getResultSetDefinitions();
		UserDefinedType item = elementType(columns, "items");
		UserDefinedType address = (UserDefinedType) columns.get("shipping_address").getType();
		UserDefinedType operation = elementType(columns, "operations");
		MutableCodecRegistry registry = (MutableCodecRegistry) session.getContext().getCodecRegistry();
		registry.register(new OrderItemCodec(registry.codecFor(item)), new AddressCodec(registry.codecFor(address)),
				new OperationCodec(registry.codecFor(operation)));
	}

	private static UserDefinedType elementType(ColumnDefinitions columns, String name) {
		return (UserDefinedType) ((ListType) columns.get(name).getType()).getElementType();
	}

	private static final class OrderItemCodec extends MappingCodec<UdtValue, OrderItem> {

		OrderItemCodec(TypeCodec<UdtValue> inner) {
			super(inner, GenericType.of(OrderItem.class));
		}

		@Override
		protected OrderItem innerToOuter(UdtValue value) {
			return (value != null) ? new OrderItem(value.getUuid("product_id"), value.getString("name"),
					value.getInt("quantity"), value.getBigDecimal("unit_price")) : null;
		}

		@Override
		protected UdtValue outerToInner(OrderItem item) {
			return (item != null) ? ((UserDefinedType) getCqlType()).newValue()
				.setUuid("product_id", item.productId())
				.setString("name", item.name())
				.setInt("quantity", item.quantity())
				.setBigDecimal("unit_price", item.unitPrice()) : null;
		}

	}

	private static final class AddressCodec extends MappingCodec<UdtValue, ShippingAddress> {

		AddressCodec(TypeCodec<UdtValue> inner) {
			super(inner, GenericType.of(ShippingAddress.class));
		}

		@Override
		protected ShippingAddress innerToOuter(UdtValue value) {
			return (value != null) ? new ShippingAddress(value.getString("street"), value.getString("city"),
					value.getString("postal_code"), value.getString("country")) : null;
		}

		@Override
		protected UdtValue outerToInner(ShippingAddress address) {
			return (address != null) ? ((UserDefinedType) getCqlType()).newValue()
				.setString("street", address.street())
				.setString("city", address.city())
				.setString("postal_code", address.postalCode())
				.setString("country", address.country()) : null;
		}

	}

	private static final class OperationCodec extends MappingCodec<UdtValue, OrderOperation> {

		OperationCodec(TypeCodec<UdtValue> inner) {
			super(inner, GenericType.of(OrderOperation.class));
		}

		@Override
		protected OrderOperation innerToOuter(UdtValue value) {
			return (value != null) ? new OrderOperation(value.getUuid("operation_id"), value.getString("action"),
					value.getLong("version"), value.getInstant("applied_at")) : null;
		}

		@Override
		protected UdtValue outerToInner(OrderOperation operation) {
			return (operation != null) ? ((UserDefinedType) getCqlType()).newValue()
				.setUuid("operation_id", operation.operationId())
				.setString("action", operation.action())
				.setLong("version", operation.version())
				.setInstant("applied_at", operation.appliedAt()) : null;
		}

	}

}
