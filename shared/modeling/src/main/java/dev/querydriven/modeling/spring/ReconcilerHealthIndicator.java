package dev.querydriven.modeling.spring;

import dev.querydriven.modeling.dualwrite.Reconciler;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The reconciler's backlog in the health endpoint ({@code reconciler}): how many failed
 * copy writes wait for replay, since when, and how many were dropped or abandoned.
 *
 * <p>
 * <b>UP</b> while the backlog has room: a backlog means some copies lag their source of
 * truth until the next pass, which is expected while the database is briefly unavailable
 * and resolves by itself. <b>DOWN</b> when the backlog is full: new failures are then
 * dropped, and the copies they leave behind are repaired only by a replay of their
 * operation, so the instance can no longer promise that its copies converge. There is no
 * OUT_OF_SERVICE: the instance keeps serving reads and writes either way.
 */
final class ReconcilerHealthIndicator implements HealthIndicator {

	private final Reconciler reconciler;

	ReconcilerHealthIndicator(Reconciler reconciler) {
		this.reconciler = reconciler;
	}

	@Override
	public Health health() {
		int backlog = this.reconciler.pending();
		Health.Builder health = (backlog >= this.reconciler.capacity()) ? Health.down() : Health.up();
		health.withDetail("backlog", backlog)
			.withDetail("capacity", this.reconciler.capacity())
			.withDetail("dropped", this.reconciler.dropped())
			.withDetail("abandoned", this.reconciler.abandoned());
		this.reconciler.oldestFailure().ifPresent((since) -> health.withDetail("oldestFailure", since.toString()));
		return health.build();
	}

}
