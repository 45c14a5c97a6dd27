package dev.querydriven.blogplatform.author;

import java.util.List;
import java.util.UUID;

import dev.querydriven.blogplatform.post.PostPosition;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.Page;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Pages through an author's posts: one partition, read from where the previous page
 * stopped.
 */
@Service
class AuthorPostsService {

	private final AuthorPostsRepository repository;

	private final CursorCodec cursors;

	AuthorPostsService(AuthorPostsRepository repository, CursorCodec cursors) {
		this.repository = repository;
		this.cursors = cursors;
	}

	/**
	 * A page of an author's posts, newest first.
	 * @param authorId the author
	 * @param cursor the previous page's {@code next}, or {@code null}
	 * @param limit the page size
	 * @return the page; {@code next} is {@code null} on the last page
	 */
	Mono<Page<PostsByAuthorRow>> findLatest(UUID authorId, String cursor, int limit) {
		String scope = "author-posts:" + authorId;
		return Mono.defer(() -> {
			PostPosition after = (cursor != null) ? PostPosition.parse(this.cursors.decodeValues(scope, cursor), 0)
					: null;
			// One row more than the page tells whether another page exists.
			return this.repository.findLatestByAuthor(authorId, after, limit + 1).collectList();
		}).map((rows) -> {
			List<PostsByAuthorRow> page = rows.subList(0, Math.min(limit, rows.size()));
			String next = null;
			if (rows.size() > limit) {
				PostsByAuthorRow last = page.get(page.size() - 1);
				next = this.cursors.encode(scope, new PostPosition(last.createdAt(), last.postId()).values());
			}
			return new Page<>(page, next);
		});
	}

}
