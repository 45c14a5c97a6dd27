package dev.querydriven.socialfeed.follow;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Maps follow rows to list items.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface FollowMapper {

	@Mapping(target = "id", source = "followerId")
	UserSummaryResponse toResponse(FollowersByUserShardRow row);

	@Mapping(target = "id", source = "followedId")
	UserSummaryResponse toResponse(FollowingByUserRow row);

}
