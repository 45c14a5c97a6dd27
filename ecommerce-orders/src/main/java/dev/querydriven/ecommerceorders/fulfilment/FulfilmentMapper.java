package dev.querydriven.ecommerceorders.fulfilment;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;

/**
 * Rows of {@code orders_by_status} to API responses.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface FulfilmentMapper {

	QueuedOrderResponse toResponse(OrdersByStatusRow row);

}
