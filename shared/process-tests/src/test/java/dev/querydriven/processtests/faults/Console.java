package dev.querydriven.processtests.faults;

import java.util.Locale;

/**
 * What a run of several minutes shows while it runs: a line per phase, stamped with the
 * seconds since the suite began, so that a slow phase is visible as slow rather than
 * stuck. The result lines ({@code FAULTS ...}) go out unstamped, for a reader to grep.
 */
final class Console {

	private static final long STARTED = System.nanoTime();

	private Console() {
	}

	/**
	 * Prints a progress line.
	 * @param format the line, as for {@link String#format}
	 * @param arguments its arguments
	 */
	static void phase(String format, Object... arguments) {
		double seconds = (System.nanoTime() - STARTED) / 1e9;
		System.out.printf(Locale.ROOT, "[faults %6.1fs] %s%n", seconds, String.format(Locale.ROOT, format, arguments));
		System.out.flush();
	}

	/**
	 * Prints a result line as it is.
	 * @param format the line, as for {@link String#format}
	 * @param arguments its arguments
	 */
	static void result(String format, Object... arguments) {
		System.out.println(String.format(Locale.ROOT, format, arguments));
		System.out.flush();
	}

}
