package dev.querydriven.blogplatform.category;

import dev.querydriven.blogplatform.post.PostSummary;
import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Maps a category's posts (read from either category table) to list items.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface CategoryPostMapper {

	@Mapping(target = "id", source = "postId")
	PostSummary toSummary(CategoryPost post);

}
