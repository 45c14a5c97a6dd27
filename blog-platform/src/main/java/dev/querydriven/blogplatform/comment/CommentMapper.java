package dev.querydriven.blogplatform.comment;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Maps {@code comments_by_post} rows to comments.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface CommentMapper {

	@Mapping(target = "id", source = "commentId")
	@Mapping(target = "text", source = "commentText")
	CommentResponse toResponse(CommentsByPostRow row);

}
