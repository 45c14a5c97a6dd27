package dev.querydriven.socialfeed.timeline;

import java.util.Collection;
import java.util.List;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import dev.querydriven.socialfeed.post.PostResponse;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Maps timeline entries to the API's post shape.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface TimelineMapper {

	@Mapping(target = "id", source = "postId")
	@Mapping(target = "createdAt", source = "postTime")
	PostResponse toResponse(UserTimelineRow row);

	default List<String> sorted(Collection<String> hashtags) {
		return hashtags.stream().sorted().toList();
	}

}
