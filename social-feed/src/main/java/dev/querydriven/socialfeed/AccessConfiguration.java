package dev.querydriven.socialfeed;

import dev.querydriven.servicesupport.security.Access;
import dev.querydriven.servicesupport.security.AccessRules;
import dev.querydriven.servicesupport.security.Caller;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;

/**
 * Who may do what in the social feed, route by route. What a social network shows is
 * public: profiles, posts, hashtag feeds, follower lists and who liked a post can be read
 * without a token. What acts for a user is that user's: only the owner of the
 * {@code {userId}} in a path publishes, deletes their posts, follows, unfollows and reads
 * their home timeline (which reveals whom they follow and what they were shown). Acting
 * without a user in the path (registering, liking, unliking) takes any valid token, and
 * the acting user is its subject, never a field of the body. An email address is private:
 * only its owner or an admin looks a user up by it, which the service checks once it has
 * read the profile, since the path names an email, not a user; the public profile leaves
 * it out, and the account (the profile with the email) is the user's or an admin's. A
 * user is erased by themselves or by an admin (acting on a request the user made
 * elsewhere, or for an account that must go).
 *
 * <p>
 * The lookups by username and email come first: the first rule whose path matches a
 * request decides, and these literal paths must not be taken for a {@code {userId}}.
 */
@Configuration(proxyBeanMethods = false)
class AccessConfiguration {

	@Bean
	AccessRules accessRules() {
		return AccessRules.builder()
			.rule(HttpMethod.GET, "/users/by-username/{username}", Access.PUBLIC)
			.rule(HttpMethod.GET, "/users/by-email/{email}", Access.checkedOnTheRow("owner or admin"))
			.rule(HttpMethod.POST, "/users", Access.SIGNED_IN)
			.rule(HttpMethod.GET, "/users/{userId}", Access.PUBLIC)
			.rule(HttpMethod.GET, "/users/{userId}/account", Access.ownerOr("userId", Caller.ADMIN))
			.rule(HttpMethod.DELETE, "/users/{userId}", Access.ownerOr("userId", Caller.ADMIN))
			.rule(HttpMethod.GET, "/users/{userId}/posts", Access.PUBLIC)
			.rule(HttpMethod.POST, "/users/{userId}/posts", Access.owner("userId"))
			.rule(HttpMethod.DELETE, "/users/{userId}/posts/{postId}", Access.owner("userId"))
			.rule(HttpMethod.GET, "/users/{userId}/followers", Access.PUBLIC)
			.rule(HttpMethod.GET, "/users/{userId}/following", Access.PUBLIC)
			.rule(HttpMethod.PUT, "/users/{userId}/following/{targetId}", Access.owner("userId"))
			.rule(HttpMethod.DELETE, "/users/{userId}/following/{targetId}", Access.owner("userId"))
			.rule(HttpMethod.GET, "/users/{userId}/timeline", Access.owner("userId"))
			.rule(HttpMethod.GET, "/hashtags/{tag}/posts", Access.PUBLIC)
			.rule(HttpMethod.GET, "/posts/{postId}", Access.PUBLIC)
			.rule(HttpMethod.POST, "/posts/{postId}/likes", Access.SIGNED_IN)
			.rule(HttpMethod.DELETE, "/posts/{postId}/likes", Access.SIGNED_IN)
			.rule(HttpMethod.GET, "/posts/{postId}/likes/{userId}", Access.PUBLIC)
			.build();
	}

}
