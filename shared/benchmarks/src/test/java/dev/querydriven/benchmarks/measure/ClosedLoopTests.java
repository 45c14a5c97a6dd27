package dev.querydriven.benchmarks.measure;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The measured window of a closed-model load.
 */
class ClosedLoopTests {

	/**
	 * A window shorter than every request (each worker still busy with the request it
	 * started before the window) stays open until a request starts in it, and reports its
	 * throughput over the time it was really open.
	 */
	@Test
	void aWindowShorterThanItsRequestsStillMeasuresOne() {
		ClosedLoop.Measured measured = ClosedLoop.run((sequence) -> Mono.delay(Duration.ofMillis(300)).thenReturn(1000),
				2, WarmUp.fixed(Duration.ZERO), Duration.ofMillis(20),
				new CpuMeter(Map.of("test", ProcessHandle.current())));

		Outcome outcome = measured.outcome();
		assertThat(outcome.requests()).isPositive();
		assertThat(outcome.errors()).isZero();
		assertThat(outcome.rowsPerRequest()).isEqualTo(1000.0);
		assertThat(outcome.throughput()).isCloseTo(outcome.requests() / outcome.seconds(), within(1e-9));
	}

	/**
	 * A window with a request limit ends once that many requests started in it, long
	 * before its length: only the requests that started together with the last one may
	 * count beyond the limit.
	 */
	@Test
	void aWindowEndsAtItsRequestLimit() {
		ClosedLoop.Measured measured = ClosedLoop.run((sequence) -> Mono.delay(Duration.ofMillis(1)).thenReturn(1), 4,
				WarmUp.fixed(Duration.ZERO), Duration.ofSeconds(30), 16,
				new CpuMeter(Map.of("test", ProcessHandle.current())));

		Outcome outcome = measured.outcome();
		assertThat(outcome.requests()).isBetween(16L, 16L + 3);
		assertThat(outcome.errors()).isZero();
		assertThat(outcome.throughput()).isCloseTo(outcome.requests() / outcome.seconds(), within(1e-9));
	}

}
