package dev.querydriven.ecommerceorders.user;

import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.UdtValue;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.ShippingAddress;

import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.stereotype.Component;

/**
 * Reads an {@code orders_by_user} row with one typed getter per column, in place of
 * Spring Data's generic mapping, which costs more per row on a user's order history, the
 * service's hottest read (the address, a user-defined type, costs the generic mapping a
 * second entity per row; the service README, "What it costs, measured"). The template
 * uses it for every read of {@link OrdersByUserRow}; the queries stay entity queries.
 * {@code RowReaderCheck} holds it to what Spring Data reads.
 */
@Component
@ReadingConverter
class OrdersByUserRowReader implements Converter<Row, OrdersByUserRow> {

	@Override
	public OrdersByUserRow convert(Row row) {
		String status = row.getString("status");
		UdtValue address = row.getUdtValue("shipping_address");
		return new OrdersByUserRow(row.getUuid("user_id"), row.getInstant("order_time"), row.getUuid("order_id"),
				(status != null) ? OrderStatus.valueOf(status) : null, row.getBigDecimal("total"),
				row.getInt("item_count"),
				(address != null) ? new ShippingAddress(address.getString("street"), address.getString("city"),
						address.getString("postal_code"), address.getString("country")) : null);
	}

}
