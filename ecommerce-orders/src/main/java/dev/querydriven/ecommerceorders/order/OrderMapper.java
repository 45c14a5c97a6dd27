package dev.querydriven.ecommerceorders.order;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Rows of {@code orders_by_id} to API responses.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface OrderMapper {

	OrderResponse toResponse(OrdersByIdRow order);

	@Mapping(target = "lineTotal", expression = "java(item.lineTotal())")
	OrderResponse.Item toResponse(OrderItem item);

}
