package dev.querydriven.ecommerceorders.order;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * A shipping address as a client sends it ({@code POST /orders}, {@code PUT
 * /users/{userId}/shipping-address}).
 *
 * @param street street and number
 * @param city the city
 * @param postalCode the postal code
 * @param country ISO 3166 alpha-2 code
 */
public record ShippingAddressRequest(@NotBlank @Size(max = 200) String street, @NotBlank @Size(max = 100) String city,
		@NotBlank @Size(max = 20) String postalCode, @NotNull @Pattern(regexp = "[A-Z]{2}",
				message = "must be an ISO 3166 alpha-2 country code, such as DE") String country) {

	/**
	 * The address as stored.
	 * @return the value
	 */
	public ShippingAddress toAddress() {
		return new ShippingAddress(this.street.strip(), this.city.strip(), this.postalCode.strip(), this.country);
	}

}
