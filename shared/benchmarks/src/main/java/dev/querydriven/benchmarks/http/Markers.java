package dev.querydriven.benchmarks.http;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The lines Gatling's JVM prints when a phase starts and when the run ends, read by the
 * suite to read the CPU meter at the phase's bounds.
 */
public final class Markers {

	/** The start of every marker line. */
	public static final String PREFIX = "##querydriven-benchmarks ";

	/** A phase started: followed by the phase's index. */
	public static final String PHASE = PREFIX + "phase ";

	/** The last request ended. */
	public static final String DONE = PREFIX + "done";

	private static final Set<Integer> started = ConcurrentHashMap.newKeySet();

	private Markers() {
	}

	/**
	 * Prints a phase's marker the first time one of its requests starts.
	 * @param index the phase
	 */
	static void phaseStarted(int index) {
		if (started.add(index)) {
			System.out.println(PHASE + index);
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
