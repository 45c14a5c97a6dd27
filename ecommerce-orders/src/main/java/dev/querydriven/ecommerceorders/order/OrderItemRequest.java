package dev.querydriven.ecommerceorders.order;

import java.math.BigDecimal;
import java.util.UUID;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * One line of {@code POST /orders}. The price is read as a {@link BigDecimal} from a JSON
 * number or string ({@link PriceDeserializer}), exactly as written: never through a
 * binary floating-point type, which cannot hold 0.10.
 *
 * @param productId the product
 * @param name its name
 * @param quantity 1 to 1000
 * @param unitPrice 0 or more, at most 2 decimals
 */
public record OrderItemRequest(@NotNull UUID productId, @NotBlank @Size(max = 200) String name,
		@NotNull @Min(1) @Max(1000) Integer quantity, @NotNull @DecimalMin("0.00") @Digits(integer = 9,
				fraction = 2) @JsonDeserialize(using = PriceDeserializer.class) BigDecimal unitPrice) {

}
