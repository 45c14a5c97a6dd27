package dev.querydriven.socialfeed.post;

import java.util.Collection;
import java.util.List;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Maps every table's post row to the one post shape of the API.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
public interface PostMapper {

	@Mapping(target = "id", source = "postId")
	PostResponse toResponse(PostsByIdRow row);

	@Mapping(target = "id", source = "postId")
	@Mapping(target = "authorId", source = "userId")
	@Mapping(target = "createdAt", source = "postTime")
	PostResponse toResponse(PostsByUserRow row);

	@Mapping(target = "id", source = "postId")
	@Mapping(target = "createdAt", source = "postTime")
	PostResponse toResponse(PostsByHashtagRow row);

	LikeResponse toResponse(PostLikersRow row);

	@Mapping(target = "id", source = "post.postId")
	@Mapping(target = "authorId", source = "post.authorId")
	@Mapping(target = "content", source = "post.content")
	@Mapping(target = "hashtags", source = "post.hashtags")
	@Mapping(target = "createdAt", source = "post.createdAt")
	PostDetailsResponse toResponse(PostService.PostWithLikes post);

	/**
	 * Hashtags are returned sorted, whatever set they come from.
	 * @param hashtags the tags
	 * @return the sorted tags
	 */
	default List<String> sorted(Collection<String> hashtags) {
		return hashtags.stream().sorted().toList();
	}

}
