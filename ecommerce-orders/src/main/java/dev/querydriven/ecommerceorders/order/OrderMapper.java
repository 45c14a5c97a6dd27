package dev.querydriven.ecommerceorders.order;

import java.util.UUID;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * The order API's requests to what the service takes, and rows of {@code orders_by_id} to
 * responses.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface OrderMapper {

	/**
	 * The order to place for a user: the caller, whom the request does not name.
	 * @param request the validated request
	 * @param userId the caller's id
	 * @return the order
	 */
	@Mapping(target = "userId", source = "userId")
	@Mapping(target = "shippingAddress", expression = "java(request.shippingAddress().toAddress())")
	NewOrder toNewOrder(PlaceOrderRequest request, UUID userId);

	OrderItem toItem(OrderItemRequest item);

	OrderResponse toResponse(OrdersByIdRow order);

	@Mapping(target = "lineTotal", expression = "java(item.lineTotal())")
	OrderResponse.Item toResponse(OrderItem item);

}
