package dev.querydriven.ecommerceorders.user;

import java.util.List;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Rows of {@code orders_by_user} and {@code users_by_id} to API responses.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface UserMapper {

	UserResponses.UserOrderResponse toResponse(OrdersByUserRow row);

	@Mapping(target = "version", source = "user.addressVersion")
	@Mapping(target = "changedAt", source = "user.addressChangedAt")
	@Mapping(target = "orders", source = "outcomes")
	UserResponses.ShippingAddressResponse toResponse(UsersByIdRow user,
			List<UserService.AddressChange.OrderOutcome> outcomes);

	UserResponses.OrderOutcomeResponse toResponse(UserService.AddressChange.OrderOutcome outcome);

	default UserResponses.ShippingAddressResponse toResponse(UsersByIdRow user) {
		return toResponse(user, List.of());
	}

	default UserResponses.ShippingAddressResponse toResponse(UserService.AddressChange change) {
		return toResponse(change.user(), change.orders());
	}

}
