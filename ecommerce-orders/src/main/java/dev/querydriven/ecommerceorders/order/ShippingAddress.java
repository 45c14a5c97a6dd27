package dev.querydriven.ecommerceorders.order;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.UserDefinedType;

/**
 * Where an order goes, the {@code address} type: held by {@code orders_by_id},
 * {@code orders_by_user}, {@code orders_by_status} (the warehouse ships from the queue)
 * and {@code users_by_id}.
 *
 * @param street street and number
 * @param city the city
 * @param postalCode the postal code
 * @param country ISO 3166 alpha-2 code, e.g. {@code DE}
 */
@UserDefinedType("address")
public record ShippingAddress(String street, String city, @Column("postal_code") String postalCode, String country) {

}
