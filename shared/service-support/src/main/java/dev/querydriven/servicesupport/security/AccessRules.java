package dev.querydriven.servicesupport.security;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.springframework.http.HttpMethod;
import org.springframework.security.config.web.server.ServerHttpSecurity.AuthorizeExchangeSpec;

/**
 * Who may call each route of a service, in one table: the security filter enforces it
 * before a controller runs, and the OpenAPI document shows it on every operation
 * ({@code x-access}). A route the table does not name is refused to everyone, so a new
 * endpoint is closed until its rule is written down.
 *
 * <pre class="code">
 * &#64;Bean
 * AccessRules accessRules() {
 *     return AccessRules.builder()
 *         .rule(HttpMethod.GET, "/users/{userId}", Access.PUBLIC)
 *         .rule(HttpMethod.POST, "/users/{userId}/posts", Access.owner("userId"))
 *         .build();
 * }
 * </pre>
 */
public final class AccessRules {

	private final List<Rule> rules;

	private AccessRules(List<Rule> rules) {
		this.rules = List.copyOf(rules);
	}

	/**
	 * A new table.
	 * @return the builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * The rules, in the order they were written.
	 * @return the rules
	 */
	public List<Rule> rules() {
		return this.rules;
	}

	/**
	 * The rule of a route as the OpenAPI document names it.
	 * @param method the operation's method
	 * @param pathTemplate its path, with {@code {variables}}
	 * @return the rule, if the table has one
	 */
	public Optional<Access> ruleFor(HttpMethod method, String pathTemplate) {
		String shape = shape(pathTemplate);
		return this.rules.stream()
			.filter((rule) -> rule.method().equals(method) && shape(rule.pathPattern()).equals(shape))
			.map(Rule::access)
			.findFirst();
	}

	void applyTo(AuthorizeExchangeSpec exchanges) {
		for (Rule rule : this.rules) {
			exchanges.pathMatchers(rule.method(), rule.pathPattern()).access(rule.access().manager());
		}
	}

	private static String shape(String template) {
		return template.replaceAll("\\{[^}/]*}", "{}");
	}

	/**
	 * One route's rule.
	 *
	 * @param method the HTTP method
	 * @param pathPattern the path, with {@code {variables}} as the controller maps it
	 * @param access who may call it
	 */
	public record Rule(HttpMethod method, String pathPattern, Access access) {

	}

	/**
	 * Writes a table, one route at a time.
	 */
	public static final class Builder {

		private final List<Rule> rules = new ArrayList<>();

		private Builder() {
		}

		/**
		 * Who may call a route.
		 * @param method the HTTP method
		 * @param pathPattern the path as the controller maps it
		 * @param access the rule
		 * @return this builder
		 */
		public Builder rule(HttpMethod method, String pathPattern, Access access) {
			this.rules.add(new Rule(method, pathPattern, access));
			return this;
		}

		/**
		 * The table.
		 * @return the rules
		 */
		public AccessRules build() {
			return new AccessRules(this.rules);
		}

	}

}
