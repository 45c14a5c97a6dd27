package dev.querydriven.socialfeed.user;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Maps profile rows to API responses.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface UserMapper {

	@Mapping(target = "id", source = "userId")
	UserResponse toResponse(UsersByIdRow row);

	NewUser toNewUser(CreateUserRequest request);

}
