package dev.querydriven.blogplatform;

import dev.querydriven.servicesupport.security.Access;
import dev.querydriven.servicesupport.security.AccessRules;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;

/**
 * Who may do what on the blog, route by route. A blog is written to be read: a post, an
 * author's and a category's lists and a post's comments are public. Counting a view is
 * public too: every reader of a page is a view, signed in or not, and a view changes no
 * one's content, only an approximate counter (a client that inflates it skews a number
 * nobody relies on, as any anonymous page counter).
 *
 * <p>
 * Writing takes a token, and the acting user is always its subject, never a field of the
 * body: any signed-in user publishes (as the post's author) and comments (under the name
 * the token gives). Editing and deleting a post are its author's alone, and no role
 * overrides that: the path names the post, not its author, so the service reads the post
 * first and refuses (403) anyone else before it writes anything.
 *
 * <p>
 * Driving the table migrations is an operator's job: it is the {@code migrations}
 * actuator endpoint, served on the management port only, where everything but the health
 * check needs the {@code admin} role.
 */
@Configuration(proxyBeanMethods = false)
class AccessConfiguration {

	@Bean
	AccessRules accessRules() {
		return AccessRules.builder()
			.rule(HttpMethod.POST, "/posts", Access.SIGNED_IN)
			.rule(HttpMethod.GET, "/posts/{postId}", Access.PUBLIC)
			.rule(HttpMethod.PUT, "/posts/{postId}", Access.checkedOnTheRow("owner"))
			.rule(HttpMethod.DELETE, "/posts/{postId}", Access.checkedOnTheRow("owner"))
			.rule(HttpMethod.POST, "/posts/{postId}/views", Access.PUBLIC)
			.rule(HttpMethod.POST, "/posts/{postId}/comments", Access.SIGNED_IN)
			.rule(HttpMethod.GET, "/posts/{postId}/comments", Access.PUBLIC)
			.rule(HttpMethod.GET, "/authors/{authorId}/posts", Access.PUBLIC)
			.rule(HttpMethod.GET, "/categories/{category}/posts", Access.PUBLIC)
			.build();
	}

}
