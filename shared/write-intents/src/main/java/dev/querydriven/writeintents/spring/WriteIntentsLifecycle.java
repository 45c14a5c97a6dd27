package dev.querydriven.writeintents.spring;

import java.time.Duration;

import dev.querydriven.writeintents.WriteIntents;

import org.springframework.context.SmartLifecycle;

/**
 * Lets the changes in flight finish on a graceful shutdown: stopped after the web server
 * has drained its requests (Spring Boot's graceful shutdown stops at
 * {@code DEFAULT_PHASE - 1024}, and a lower phase stops later), it refuses new changes
 * and waits for the running ones, detached from their requests, before the reconciler's
 * last pass and the session's close. What does not finish in time is left to the sweeper,
 * from the changes' durable record.
 */
final class WriteIntentsLifecycle implements SmartLifecycle {

	/** After the web server's graceful shutdown, before the web server stops. */
	static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 1024 - 256;

	private final WriteIntents intents;

	private final Duration drainTimeout;

	private volatile boolean running;

	WriteIntentsLifecycle(WriteIntents intents, Duration drainTimeout) {
		this.intents = intents;
		this.drainTimeout = drainTimeout;
	}

	@Override
	public void start() {
		this.intents.resume();
		this.running = true;
	}

	@Override
	public void stop() {
		this.running = false;
		this.intents.drain(this.drainTimeout);
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

}
