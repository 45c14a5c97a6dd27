package dev.querydriven.ecommerceorders.order;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.UserDefinedType;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.cassandra.core.convert.CassandraConversionContext;
import org.springframework.data.cassandra.core.convert.CassandraConverter;
import org.springframework.data.cassandra.core.convert.MappingCassandraConverter;
import org.springframework.data.convert.PropertyValueConverter;
import org.springframework.stereotype.Component;

/**
 * Hands a {@link ShippingAddress} to the driver as one {@code address} value, and reads
 * it back, for every property holding an address ({@code @ValueConverter} on each).
 *
 * <p>
 * Why not let Spring Data map the type: its generic mapping writes a user-defined type
 * field by field and logs each field's value at {@code DEBUG}
 * ({@code MappingCassandraConverter}: "Adding udt.value [street] - [...]"), so turning
 * that logger up to find a problem would write every street, city and postal code the
 * service stores into the log. Converted here, the address reaches Spring Data as a
 * driver value it does not look into, and its log shows an opaque object. The same
 * converter gives the repositories the value for an {@code Update} of the address
 * ({@link #toUdtValue}), which Spring Data's update mapping would otherwise walk the same
 * way.
 *
 * <p>
 * The store type is declared {@code Object}, not {@code UdtValue}: Spring Data then still
 * resolves the column's type from the property ({@code frozen<address>}), and the address
 * stays a mapped user-defined type for every check that compares entities with the
 * schema.
 */
@Component
public class AddressValueConverter
		implements PropertyValueConverter<ShippingAddress, Object, CassandraConversionContext> {

	private static final CqlIdentifier TYPE = CqlIdentifier.fromInternal("address");

	private final ObjectProvider<CassandraConverter> converter;

	/**
	 * The service's converter: it asks Spring Data's converter for the {@code address}
	 * type when the first address is written (that converter is built with the custom
	 * conversions that hold this one, so it cannot be a constructor argument itself).
	 * @param converter Spring Data's converter
	 */
	@Autowired
	public AddressValueConverter(ObjectProvider<CassandraConverter> converter) {
		this.converter = converter;
	}

	/**
	 * A converter made by Spring Data's default factory, for a converter built without
	 * this service's conversions (the tests' generic mapping, which reads rows to compare
	 * them with a row reader's): it reads addresses, and refuses to write one, having no
	 * schema to take the type from.
	 */
	public AddressValueConverter() {
		this.converter = null;
	}

	@Override
	public ShippingAddress read(Object value, CassandraConversionContext context) {
		UdtValue address = (UdtValue) value;
		return new ShippingAddress(address.getString("street"), address.getString("city"),
				address.getString("postal_code"), address.getString("country"));
	}

	@Override
	public Object write(ShippingAddress value, CassandraConversionContext context) {
		return toUdtValue(value);
	}

	/**
	 * The value of an {@code address} column.
	 * @param address the address
	 * @return the driver's value, of the columns' type ({@code frozen<address>})
	 */
	public UdtValue toUdtValue(ShippingAddress address) {
		// Typed setters, not newValue(Object...): that one looks up each field's codec
		// from its value, and the driver logs every such lookup, value included, at
		// TRACE.
		return type().newValue()
			.setString("street", address.street())
			.setString("city", address.city())
			.setString("postal_code", address.postalCode())
			.setString("country", address.country());
	}

	private UserDefinedType type() {
		if (this.converter == null) {
			throw new IllegalStateException("An address is written by the application's AddressValueConverter bean, "
					+ "which knows the keyspace's schema");
		}
		UserDefinedType type = ((MappingCassandraConverter) this.converter.getObject()).getUserTypeResolver()
			.resolveType(TYPE);
		if (type == null) {
			throw new IllegalStateException("No type " + TYPE.asInternal() + " in the keyspace's schema");
		}
		return type.copy(true);
	}

}
