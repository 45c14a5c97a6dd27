package dev.querydriven.ecommerceorders.product;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;

/**
 * Rows of {@code orders_by_product} to API responses.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface ProductOrderMapper {

	ProductOrderResponse toResponse(OrdersByProductRow row);

}
