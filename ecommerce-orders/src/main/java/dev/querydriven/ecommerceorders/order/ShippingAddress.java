package dev.querydriven.ecommerceorders.order;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.UserDefinedType;

/**
 * Where an order goes, the {@code address} type: held by {@code orders_by_id},
 * {@code orders_by_user}, {@code orders_by_status} (the warehouse ships from the queue)
 * and {@code users_by_id}.
 *
 * <p>
 * Once its user is erased, an order keeps an {@linkplain #countryOnly(String) anonymised}
 * address: street, city and postal code empty (a real address never has an empty field:
 * requests refuse blank ones), the country kept. The order stays readable and its
 * accounting intact (the country of delivery decides the tax charged), while nothing left
 * points at a person's home.
 *
 * @param street street and number
 * @param city the city
 * @param postalCode the postal code
 * @param country ISO 3166 alpha-2 code, e.g. {@code DE}
 */
@UserDefinedType("address")
public record ShippingAddress(String street, String city, @Column("postal_code") String postalCode, String country) {

	/**
	 * What an erased user's order keeps of its address: the country alone.
	 * @param country the country it was delivered to
	 * @return the anonymised address
	 */
	public static ShippingAddress countryOnly(String country) {
		return new ShippingAddress("", "", "", country);
	}

	/**
	 * Whether this is what an erasure left: no street, city or postal code. Named without
	 * {@code is} or {@code get}, so that neither JSON nor the mapping takes it for a
	 * field of the address.
	 * @return {@code true} for an anonymised address
	 */
	public boolean anonymised() {
		return this.street.isEmpty() && this.city.isEmpty() && this.postalCode.isEmpty();
	}

}
