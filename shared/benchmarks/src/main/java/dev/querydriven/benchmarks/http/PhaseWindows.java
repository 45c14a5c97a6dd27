package dev.querydriven.benchmarks.http;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The measured windows of a Gatling run, from the markers its JVM prints: a phase's
 * window runs from its start marker (its first request) to its last end marker (its last
 * response). The next phase's start is no end: Gatling pauses between two phases of a
 * lane, and counting that pause made a 5 s load a 6 s window, its throughput a sixth too
 * low and the pause "idle" CPU.
 *
 * @param <S> what is read at each marker (the CPU meters)
 */
final class PhaseWindows<S> {

	private final Map<Integer, S> starts = new ConcurrentHashMap<>();

	private final Map<Integer, S> ends = new ConcurrentHashMap<>();

	/**
	 * A phase's start marker.
	 * @param phase the phase's index
	 * @param reading what was read at it
	 */
	void started(int phase, S reading) {
		this.starts.putIfAbsent(phase, reading);
	}

	/**
	 * One of a phase's end markers: the last one counts, since a response may still
	 * follow an earlier one.
	 * @param phase the phase's index
	 * @param reading what was read at it
	 */
	void ended(int phase, S reading) {
		this.ends.put(phase, reading);
	}

	/**
	 * A phase's window.
	 * @param phase the phase's index
	 * @return its readings at its first request and its last response, if both were
	 * marked
	 */
	Optional<Window<S>> window(int phase) {
		S start = this.starts.get(phase);
		S end = this.ends.get(phase);
		return (start != null && end != null) ? Optional.of(new Window<>(start, end)) : Optional.empty();
	}

	/**
	 * A window's bounds.
	 *
	 * @param <S> what was read at each
	 * @param start the reading at its first request
	 * @param end the reading at its last response
	 */
	record Window<S>(S start, S end) {

	}

}
