package dev.querydriven.servicesupport.production;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a start refused by the {@code prod} profile as Spring Boot reports any failed
 * start ("APPLICATION FAILED TO START"): every unsafe setting, then what to do, with no
 * stack trace in the way.
 */
final class UnsafeProductionSettingsFailureAnalyzer extends AbstractFailureAnalyzer<UnsafeProductionSettingsException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, UnsafeProductionSettingsException cause) {
		return new FailureAnalysis(cause.getMessage(),
				"Set each property above as it says, in the deployment's environment (a property such as "
						+ "spring.cassandra.contact-points is the environment variable SPRING_CASSANDRA_CONTACTPOINTS), "
						+ "or start without the prod profile: the dev run (./mvnw -Prun -pl <service> -am package) "
						+ "is where these defaults belong.",
				cause);
	}

}
