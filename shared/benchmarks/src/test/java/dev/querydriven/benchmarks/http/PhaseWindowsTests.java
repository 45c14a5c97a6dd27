package dev.querydriven.benchmarks.http;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The windows of a Gatling run, from the markers its JVM prints.
 */
class PhaseWindowsTests {

	/**
	 * A window runs from its phase's first request to its last response, the last end
	 * marker.
	 */
	@Test
	void aWindowEndsAtItsPhasesLastEndMarker() {
		PhaseWindows<String> windows = new PhaseWindows<>();
		windows.started(3, "first request");
		windows.started(3, "a later request");
		windows.ended(3, "a response, with another still in flight");
		windows.ended(3, "the last response");

		assertThat(windows.window(3)).hasValueSatisfying((window) -> {
			assertThat(window.start()).isEqualTo("first request");
			assertThat(window.end()).isEqualTo("the last response");
		});
	}

	/**
	 * The next phase's start ends no window: a phase without its own end marker has none.
	 */
	@Test
	void theNextPhasesStartIsNoEnd() {
		PhaseWindows<String> windows = new PhaseWindows<>();
		windows.started(0, "phase 0 starts");
		windows.started(1, "phase 1 starts");
		windows.ended(1, "phase 1 ends");

		assertThat(windows.window(0)).isEmpty();
		assertThat(windows.window(1)).isPresent();
		assertThat(windows.window(2)).isEmpty();
	}

}
