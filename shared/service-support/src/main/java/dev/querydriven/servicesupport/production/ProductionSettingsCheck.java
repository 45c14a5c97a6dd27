package dev.querydriven.servicesupport.production;

import org.springframework.boot.SpringApplicationRunListener;
import org.springframework.boot.bootstrap.ConfigurableBootstrapContext;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Runs {@link ProductionSettings#check} once the environment is complete and before the
 * application context exists: no bean has been created, so nothing has connected to
 * Cassandra, started an embedded node, seeded data or opened a port. A run listener
 * (registered in {@code META-INF/spring.factories}) is the last step at which the
 * environment is final and nothing has run yet; ordered last, it sees what every
 * environment post-processor (config files, {@code configtree:} imports, the profiles
 * from {@code SPRING_PROFILES_ACTIVE}) has made of it, and logging is already set up for
 * the failure report.
 */
final class ProductionSettingsCheck implements SpringApplicationRunListener, Ordered {

	@Override
	public void environmentPrepared(ConfigurableBootstrapContext bootstrapContext,
			ConfigurableEnvironment environment) {
		ProductionSettings.check(environment);
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
