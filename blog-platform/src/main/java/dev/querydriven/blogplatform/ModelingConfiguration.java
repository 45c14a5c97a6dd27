package dev.querydriven.blogplatform;

import java.time.Duration;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.dualwrite.Reconciler;
import reactor.core.Disposable;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The shared modeling library's writers, as beans.
 */
@Configuration(proxyBeanMethods = false)
class ModelingConfiguration {

	/** How often queued repairs are re-applied. */
	static final Duration RECONCILE_EVERY = Duration.ofSeconds(5);

	/**
	 * Re-applies, with their original timestamp, the copies of a write that outlived its
	 * retries (a transient outage): replaying can never bring back stale data, because a
	 * later version's copies carry a later timestamp.
	 * @param session the service's session
	 * @return the reconciler
	 */
	@Bean
	Reconciler reconciler(CqlSession session) {
		return new Reconciler(session);
	}

	/**
	 * The reconciler's passes, stopped with the context.
	 * @param reconciler the reconciler
	 * @return the handle of the periodic passes
	 */
	@Bean(destroyMethod = "dispose")
	Disposable reconciliation(Reconciler reconciler) {
		return reconciler.reconcileEvery(RECONCILE_EVERY);
	}

	/**
	 * Writes every copy of a post with one client timestamp, idempotently, retrying
	 * transient failures and queuing what still fails for the reconciler.
	 * @param session the service's session
	 * @param reconciler the reconciler
	 * @return the writer
	 */
	@Bean
	DualWriter dualWriter(CqlSession session, Reconciler reconciler) {
		return new DualWriter(session).withReconciler(reconciler);
	}

}
