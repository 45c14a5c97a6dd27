package dev.querydriven.ecommerceorders;

import dev.querydriven.servicesupport.security.Access;
import dev.querydriven.servicesupport.security.AccessRules;
import dev.querydriven.servicesupport.security.Caller;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;

/**
 * Who may act in the shop. Every request acts as the subject of its bearer token, never
 * as a user id a client writes in a body, so nobody can order for someone else:
 * <ul>
 * <li>Any signed-in user places orders, always for themselves (the order's user and the
 * scope of its {@code Idempotency-Key} are the caller).</li>
 * <li>A user's order history and shipping address are theirs alone: the {@code userId} in
 * the path must be the caller. The address reaches every open order, so changing someone
 * else's would redirect their parcels.</li>
 * <li>An order is read by its buyer or by staff. Its buyer is known only once the order
 * is read, so the service checks it on the row.</li>
 * <li>Staff run the shop: the fulfilment queue (which shows every open order with its
 * address), the buyers of a product, and every status change. The one change a buyer
 * makes is cancelling their own order while it is {@code PENDING} or {@code PAID}, also
 * checked on the row, before anything is written.</li>
 * <li>Erasing a user's personal data is the user's right, and an operator's duty when the
 * request reaches the shop another way (an admin, role {@code admin}): staff run orders,
 * not accounts.</li>
 * </ul>
 * Each route's rule is also on its operation in the OpenAPI document ({@code x-access});
 * a route this table does not name is refused to everyone.
 */
@Configuration(proxyBeanMethods = false)
class AccessConfiguration {

	@Bean
	AccessRules accessRules() {
		return AccessRules.builder()
			.rule(HttpMethod.POST, "/orders", Access.SIGNED_IN)
			.rule(HttpMethod.GET, "/orders/{orderId}", Access.checkedOnTheRow("owner or staff"))
			.rule(HttpMethod.POST, "/orders/{orderId}/status", Access.checkedOnTheRow("staff, or owner to cancel"))
			.rule(HttpMethod.GET, "/orders", Access.STAFF)
			.rule(HttpMethod.GET, "/products/{productId}/orders", Access.STAFF)
			.rule(HttpMethod.GET, "/users/{userId}/orders", Access.owner("userId"))
			.rule(HttpMethod.GET, "/users/{userId}/shipping-address", Access.owner("userId"))
			.rule(HttpMethod.PUT, "/users/{userId}/shipping-address", Access.owner("userId"))
			.rule(HttpMethod.DELETE, "/users/{userId}", Access.ownerOr("userId", Caller.ADMIN))
			.build();
	}

}
