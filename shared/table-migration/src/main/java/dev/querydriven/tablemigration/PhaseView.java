package dev.querydriven.tablemigration;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * This instance's view of every migration's phase, consulted on each read and write of
 * the migrated query. Its promise: <b>no routing decision uses a phase read more than one
 * refresh interval before</b>. A background refresh (every half interval) keeps the
 * answer in memory; a phase older than the interval — the refresh failed, or has not
 * started yet — is read again before it is used, and if that read fails the request fails
 * rather than route on a guess. This promise is what lets the backfill start one interval
 * (plus a margin) after {@code DUAL_WRITE} was entered.
 *
 * <p>
 * Requests that find a phase aged out share one read of it; the background refresh reads
 * on its own, so that a request's read is always its own (and counted with it).
 */
final class PhaseView implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(PhaseView.class);

	private final MigrationStore store;

	private final List<String> names;

	private final long maxAgeNanos;

	private final PhaseTicker ticker;

	private final Duration refreshPeriod;

	private final Map<String, Seen> seen = new ConcurrentHashMap<>();

	private final Map<String, Mono<MigrationPhase>> loading = new ConcurrentHashMap<>();

	private final AtomicReference<Disposable> refresher = new AtomicReference<>();

	private volatile boolean closed;

	PhaseView(MigrationStore store, List<String> names, Duration refreshInterval, PhaseTicker ticker) {
		this.store = store;
		this.names = List.copyOf(names);
		this.maxAgeNanos = refreshInterval.toNanos();
		this.ticker = ticker;
		this.refreshPeriod = refreshInterval.dividedBy(2);
	}

	/**
	 * The phase to route on.
	 * @param name a registered migration
	 * @return the phase, read at most one refresh interval ago
	 */
	Mono<MigrationPhase> phase(String name) {
		startRefreshing();
		Seen known = this.seen.get(name);
		if (known != null && this.ticker.nanoTime() - known.readAtNanos() < this.maxAgeNanos) {
			return Mono.just(known.phase());
		}
		return load(name);
	}

	/**
	 * Takes note of a phase this instance just wrote or read.
	 * @param readAtNanos the {@link PhaseTicker ticker}'s reading when the read or write
	 * started
	 */
	void remember(String name, MigrationPhase phase, int revision, long readAtNanos) {
		Seen next = new Seen(phase, revision, readAtNanos);
		Seen previous = this.seen.get(name);
		this.seen.merge(name, next, (old, fresh) -> (fresh.revision() >= old.revision()) ? fresh
				: new Seen(old.phase(), old.revision(), Math.max(old.readAtNanos(), fresh.readAtNanos())));
		if (previous != null && previous.phase() != phase && revision > previous.revision()) {
			logger.info("Table migration {}: this instance now routes as {} (was {})", name, phase, previous.phase());
		}
	}

	private Mono<MigrationPhase> load(String name) {
		return this.loading.computeIfAbsent(name,
				(key) -> read(key).doFinally((signal) -> this.loading.remove(key)).cache());
	}

	private Mono<MigrationPhase> read(String name) {
		return Mono.defer(() -> {
			long startedNanos = this.ticker.nanoTime();
			return this.store.phase(name)
				.doOnNext((read) -> remember(name, read.phase(), read.revision(), startedNanos));
		}).map(MigrationStore.PhaseRead::phase);
	}

	/**
	 * The current time on the view's ticker, to {@link #remember} a phase this instance
	 * writes.
	 */
	long nanoTime() {
		return this.ticker.nanoTime();
	}

	private void startRefreshing() {
		if (this.refresher.get() != null || this.closed) {
			return;
		}
		Disposable refreshing = Flux.interval(Duration.ZERO, this.refreshPeriod)
			.onBackpressureDrop()
			.concatMap((tick) -> Flux.fromIterable(this.names).flatMap((name) -> read(name).onErrorResume((ex) -> {
				logger.warn("Table migration {}: could not refresh the phase ({}); it is read again before use", name,
						ex.toString());
				return Mono.empty();
			})))
			.subscribe();
		if (!this.refresher.compareAndSet(null, refreshing) || this.closed) {
			refreshing.dispose();
		}
	}

	@Override
	public void close() {
		this.closed = true;
		Disposable refreshing = this.refresher.getAndSet(null);
		if (refreshing != null) {
			refreshing.dispose();
		}
	}

	private record Seen(MigrationPhase phase, int revision, long readAtNanos) {

	}

}
