package dev.querydriven.blogplatform.category;

import dev.querydriven.blogplatform.post.PostSummary;
import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Maps the category tables' rows to list items.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface CategoryPostMapper {

	@Mapping(target = "id", source = "postId")
	PostSummary toSummary(PostsByCategoryV1Row row);

	@Mapping(target = "id", source = "postId")
	PostSummary toSummary(PostsByCategoryRow row);

}
