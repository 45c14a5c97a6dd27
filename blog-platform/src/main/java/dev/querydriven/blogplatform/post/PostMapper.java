package dev.querydriven.blogplatform.post;

import java.util.UUID;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Maps a post's rows to its HTTP representation.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface PostMapper {

	@Mapping(target = "id", source = "post.postId")
	@Mapping(target = "authorId", source = "post.authorId")
	@Mapping(target = "title", source = "post.title")
	@Mapping(target = "body", source = "post.body")
	@Mapping(target = "category", source = "post.category")
	@Mapping(target = "createdAt", source = "post.createdAt")
	PostResponse toResponse(PostWithViews postWithViews);

	@Mapping(target = "postId", ignore = true)
	@Mapping(target = "createdAt", ignore = true)
	NewPost toNewPost(CreatePostRequest request, UUID authorId);

	default PostResponse toResponse(PostsByIdRow post) {
		return toResponse(new PostWithViews(post, 0));
	}

}
