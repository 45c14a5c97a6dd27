package dev.querydriven.socialfeed.user;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Maps profile rows to API responses: the public profile leaves the email out, the
 * account (its owner's view) keeps it.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface UserMapper {

	@Mapping(target = "id", source = "userId")
	UserResponse toResponse(UsersByIdRow row);

	@Mapping(target = "id", source = "userId")
	AccountResponse toAccount(UsersByIdRow row);

	NewUser toNewUser(CreateUserRequest request);

}
