package dev.querydriven.benchmarks.http;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The lines Gatling's JVM prints when a phase's first request starts, when its last
 * response may have arrived, and when the run ends, read by the suite to read the CPU
 * meter at the phase's bounds: a window is its phase, from its first request to its last
 * response, neither the pause Gatling takes between two phases nor the next phase's
 * start.
 *
 * <p>
 * A closed phase or a warm-up ends when the last of its users leaves its loop, after its
 * last response. An open phase's users make one request each: its end is known only once
 * they have all arrived and none is in flight, so an end line is printed every time its
 * last request in flight ends after its arrivals are (nearly) all in, and the suite keeps
 * the last one.
 */
public final class Markers {

	/** The start of every marker line. */
	public static final String PREFIX = "##querydriven-benchmarks ";

	/** A phase started: followed by the phase's index. */
	public static final String PHASE = PREFIX + "phase ";

	/** A phase's requests in flight all ended after it stopped starting new ones. */
	public static final String PHASE_END = PREFIX + "phase-end ";

	/** The last request ended. */
	public static final String DONE = PREFIX + "done";

	private static final Set<Integer> marked = ConcurrentHashMap.newKeySet();

	private static final Map<Integer, AtomicInteger> started = new ConcurrentHashMap<>();

	private static final Map<Integer, AtomicInteger> usersDone = new ConcurrentHashMap<>();

	private static final Map<Integer, AtomicInteger> inFlight = new ConcurrentHashMap<>();

	private Markers() {
	}

	/**
	 * Prints a phase's marker the first time one of its requests starts.
	 * @param index the phase
	 */
	static void phaseStarted(int index) {
		if (marked.add(index)) {
			System.out.println(PHASE + index);
			System.out.flush();
		}
	}

	/**
	 * Counts a request of a phase in flight, printing the phase's start marker first if
	 * it is its first.
	 * @param index the phase
	 */
	static void requestStarted(int index) {
		phaseStarted(index);
		inFlight.computeIfAbsent(index, (phase) -> new AtomicInteger()).incrementAndGet();
		started.computeIfAbsent(index, (phase) -> new AtomicInteger()).incrementAndGet();
	}

	/**
	 * Counts a user of a closed phase or a warm-up out of its loop, printing the phase's
	 * end marker once the last one is: a user leaves its loop only after its last
	 * response, so no response of the phase can follow.
	 * @param index the phase
	 * @param users the phase's users
	 */
	static void userDone(int index, int users) {
		if (usersDone.computeIfAbsent(index, (phase) -> new AtomicInteger()).incrementAndGet() == users) {
			System.out.println(PHASE_END + index);
			System.out.flush();
		}
	}

	/**
	 * How many requests of a phase have started.
	 * @param index the phase
	 * @return the count
	 */
	static int started(int index) {
		AtomicInteger count = started.get(index);
		return (count != null) ? count.get() : 0;
	}

	/**
	 * Counts a request of a phase out, printing the phase's end marker if it was the last
	 * in flight and the phase starts no more.
	 * @param index the phase
	 * @param stopped whether the phase has stopped starting requests
	 */
	static void requestEnded(int index, boolean stopped) {
		if (inFlight.get(index).decrementAndGet() == 0 && stopped) {
			System.out.println(PHASE_END + index);
			System.out.flush();
		}
	}

	/**
	 * Prints the end marker.
	 */
	static void done() {
		System.out.println(DONE);
		System.out.flush();
	}

}
