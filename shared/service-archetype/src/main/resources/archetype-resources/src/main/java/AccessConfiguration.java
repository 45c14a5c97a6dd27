package ${package};

import dev.querydriven.servicesupport.security.Access;
import dev.querydriven.servicesupport.security.AccessRules;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;

/**
 * Who may act. Every request acts as the subject of its bearer token (a signed JWT for
 * this service's audience), never as an id a client chooses, so the rules below compare
 * what a request touches with who sends it:
 * <ul>
 * <li>An owner's notes are private: only the owner reads them, and only the owner adds
 * one. The owner is the {@code ownerId} of the path, and {@link Access#owner} lets the
 * request through only when that id is the caller's, before the controller runs: a
 * stranger's request reads and writes nothing, and the controller needs no check of its
 * own.</li>
 * </ul>
 * Where the owner is known only once a row is read (a note's owner, were notes read by
 * their own id), the rule would be {@code Access.checkedOnTheRow("owner")} and the
 * service would call {@code caller.requireOwnerOr(row.ownerId())} on the row, with the
 * {@code Caller} as a controller argument. A route anyone may read takes
 * {@link Access#PUBLIC}, one any signed-in user may call {@link Access#SIGNED_IN}.
 *
 * <p>
 * This table enforces the rules and documents them: the OpenAPI document shows each
 * operation's rule ({@code x-access}), and the conformance suite sends every operation
 * without a token and with bad ones (401) and with another user's (403). A route the
 * table does not name is refused to everyone, so a new endpoint stays closed until its
 * rule is written here.
 */
@Configuration(proxyBeanMethods = false)
class AccessConfiguration {

	@Bean
	AccessRules accessRules() {
		return AccessRules.builder()
			.rule(HttpMethod.POST, "/owners/{ownerId}/notes", Access.owner("ownerId"))
			.rule(HttpMethod.GET, "/owners/{ownerId}/notes", Access.owner("ownerId"))
			.build();
	}

}
