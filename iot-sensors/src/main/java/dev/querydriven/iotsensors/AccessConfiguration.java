package dev.querydriven.iotsensors;

import dev.querydriven.servicesupport.security.Access;
import dev.querydriven.servicesupport.security.AccessRules;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;

/**
 * Who may act on the sensors, route by route. Three kinds of callers meet here, and none
 * of them is anonymous:
 * <ul>
 * <li>The provisioning tool registers sensors: its token grants the
 * {@code sensors:register} scope, which a person's token does not. A registration puts a
 * sensor id on a site, and the first one for an id wins (a different one later is a 409),
 * so whoever may register could claim the ids of sensors not yet installed.</li>
 * <li>A sensor sends its own readings and no one else's: its device token's subject is
 * its sensor id and its scope includes {@code readings:write}. Sensor ids are no secret
 * (a site's sensor list shows them), so knowing one is not enough to write readings for
 * it; another sensor's token, or a person's without the scope, is refused. Devices never
 * send their id in the body: the {@code {sensorId}} of the path is the one the token
 * names.</li>
 * <li>People and dashboards read with any valid token: registrations, readings, rollups
 * and the bucket advice. Readings tell what happens on a site (the temperatures of a cold
 * chain, the battery of each sensor), so they are not public, but any signed-in user of
 * the fleet sees all of it: the service knows no owner of a site.</li>
 * </ul>
 * Each route's rule is also on its operation in the OpenAPI document ({@code x-access});
 * a route this table does not name is refused to everyone.
 */
@Configuration(proxyBeanMethods = false)
class AccessConfiguration {

	@Bean
	AccessRules accessRules() {
		return AccessRules.builder()
			.rule(HttpMethod.POST, "/sensors", Access.scope("sensors:register"))
			.rule(HttpMethod.GET, "/sensors/{sensorId}", Access.SIGNED_IN)
			.rule(HttpMethod.GET, "/sites/{siteId}/sensors", Access.SIGNED_IN)
			.rule(HttpMethod.POST, "/sensors/{sensorId}/readings", Access.ownerWithScope("sensorId", "readings:write"))
			.rule(HttpMethod.GET, "/sensors/{sensorId}/readings", Access.SIGNED_IN)
			.rule(HttpMethod.GET, "/sensors/{sensorId}/readings/latest", Access.SIGNED_IN)
			.rule(HttpMethod.GET, "/sensors/{sensorId}/rollups/hourly", Access.SIGNED_IN)
			.rule(HttpMethod.GET, "/buckets/advice", Access.SIGNED_IN)
			.build();
	}

}
