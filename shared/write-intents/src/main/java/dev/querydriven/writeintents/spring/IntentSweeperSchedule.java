package dev.querydriven.writeintents.spring;

import java.time.Duration;

import dev.querydriven.writeintents.IntentSweeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.context.SmartLifecycle;

/**
 * Runs the sweeper at startup, to finish what a previous process left cut short, then
 * every few seconds. Stops with the changes in flight on a graceful shutdown.
 */
final class IntentSweeperSchedule implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(IntentSweeperSchedule.class);

	private final IntentSweeper sweeper;

	private final Duration interval;

	private volatile Disposable passes;

	IntentSweeperSchedule(IntentSweeper sweeper, Duration interval) {
		this.sweeper = sweeper;
		this.interval = interval;
	}

	@Override
	public void start() {
		this.passes = Flux.interval(Duration.ZERO, this.interval)
			.onBackpressureDrop()
			.concatMap((tick) -> this.sweeper.sweep().onErrorResume((failure) -> {
				logger.warn("A pass of the write intents' sweeper failed (the next one tries again): {}",
						failure.toString());
				return Mono.empty();
			}), 0)
			.subscribe();
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

	@Override
	public int getPhase() {
		return WriteIntentsLifecycle.PHASE - 128;
	}

}
