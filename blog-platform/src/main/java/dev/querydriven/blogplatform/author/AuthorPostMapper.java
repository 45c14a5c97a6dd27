package dev.querydriven.blogplatform.author;

import dev.querydriven.blogplatform.post.PostSummary;
import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Maps {@code posts_by_author} rows to list items.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface AuthorPostMapper {

	@Mapping(target = "id", source = "postId")
	PostSummary toSummary(PostsByAuthorRow row);

}
