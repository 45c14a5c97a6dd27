package dev.querydriven.modeling.spring;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.querydriven.modeling.dualwrite.Reconciler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;

import org.springframework.context.SmartLifecycle;

/**
 * Runs the reconciler's passes while the application runs: every failed copy write that
 * outlived the writer's retries is replayed, with its original timestamp, at the next
 * pass, without any client retrying. On a graceful shutdown it stops last of the dual
 * writes' parts: after the web server has drained its requests and the changes in flight
 * have finished (their failed copies queued here), it makes one last pass, before the
 * session closes.
 */
final class ReconcilerSchedule implements SmartLifecycle {

	/**
	 * Stops after the web server's graceful shutdown ({@code DEFAULT_PHASE - 1024}) and
	 * after the write intents' changes in flight have drained (the write-intents
	 * library's lifecycle, {@code DEFAULT_PHASE - 1280}), so that their last failed
	 * copies get a pass too; a lower phase stops later.
	 */
	static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 1792;

	private static final Logger logger = LoggerFactory.getLogger(ReconcilerSchedule.class);

	private final Reconciler reconciler;

	private final Duration interval;

	private final Duration lastPassTimeout;

	private volatile Disposable passes;

	ReconcilerSchedule(Reconciler reconciler, Duration interval, Duration lastPassTimeout) {
		this.reconciler = reconciler;
		this.interval = interval;
		this.lastPassTimeout = lastPassTimeout;
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
		if (this.reconciler.pending() > 0) {
			try {
				this.reconciler.reconcile().toFuture().get(this.lastPassTimeout.toMillis(), TimeUnit.MILLISECONDS);
			}
			catch (TimeoutException | ExecutionException ex) {
				logger.warn("The reconciler's last pass did not finish ({}); {} copy write(s) left to the sweeper",
						ex.toString(), this.reconciler.pending());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	@Override
	public boolean isRunning() {
		return this.passes != null;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

}
