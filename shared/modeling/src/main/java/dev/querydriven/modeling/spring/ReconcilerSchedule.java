package dev.querydriven.modeling.spring;

import java.time.Duration;

import dev.querydriven.modeling.dualwrite.Reconciler;
import reactor.core.Disposable;

import org.springframework.context.SmartLifecycle;

/**
 * Runs the reconciler's passes while the application runs: every failed copy write that
 * outlived the writer's retries is replayed, with its original timestamp, at the next
 * pass, without any client retrying. Stopped with the application, before the session
 * closes.
 */
final class ReconcilerSchedule implements SmartLifecycle {

	private final Reconciler reconciler;

	private final Duration interval;

	private volatile Disposable passes;

	ReconcilerSchedule(Reconciler reconciler, Duration interval) {
		this.reconciler = reconciler;
		this.interval = interval;
	}

	@Override
	public void start() {
		this.passes = this.reconciler.reconcileEvery(this.interval);
	}

	@Override
	public void stop() {
		Disposable running = this.passes;
		if (running != null) {
			running.dispose();
		}
		this.passes = null;
	}

	@Override
	public boolean isRunning() {
		return this.passes != null;
	}

}
