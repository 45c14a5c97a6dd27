package dev.querydriven.benchmarks.measure;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The warm-up of a closed-model window: fixed, or until the JIT compiler is quiet.
 */
class WarmUpTests {

	/** A warm-up cannot end before it may start. */
	@Test
	void aMaximumBelowTheMinimumIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new WarmUp(Duration.ofSeconds(5), Duration.ofSeconds(1)))
			.withMessageContaining("below its minimum");
	}

	/** A fixed warm-up never looks at the compiler; one with room to wait does. */
	@Test
	void onlyAWarmUpWithRoomToWaitWatchesTheCompiler() {
		assertThat(WarmUp.fixed(Duration.ofSeconds(3)).adaptive()).isFalse();
		assertThat(new WarmUp(Duration.ZERO, Duration.ofSeconds(30)).adaptive()).isTrue();
		assertThat(WarmUp.compiler(ProcessHandle.current().pid()).lap()).as("HotSpot measures its compilers")
			.isNotNegative();
	}

	/**
	 * A window after an adaptive warm-up measures the load and reports how long it warmed
	 * up (within its bounds) and how long the compiler ran meanwhile.
	 */
	@Test
	void aWindowReportsItsWarmUpAndTheCompilersActivity() {
		WarmUp warmUp = new WarmUp(Duration.ZERO, Duration.ofSeconds(20));
		// Asynchronous, like a driver's request: the caller's thread only waits and
		// watches.
		ClosedLoop.Measured measured = ClosedLoop.run((sequence) -> Mono.delay(Duration.ofMillis(1)).thenReturn(1), 2,
				warmUp, Duration.ofMillis(200), new CpuMeter(Map.of("test", ProcessHandle.current())));

		assertThat(measured.outcome().requests()).isPositive();
		assertThat(measured.outcome().errors()).isZero();
		assertThat(measured.warmUpSeconds()).isBetween(0.0, 20.0 + 1);
		assertThat(measured.compilationMillis()).isNotNegative();
	}

	/**
	 * A warm-up ends after its minimum once the compiler was quiet in two probes in a
	 * row, and at its maximum whatever the compiler does.
	 */
	@Test
	void aWarmUpEndsOnAQuietCompilerOrAtItsMaximum() {
		WarmUp warmUp = new WarmUp(Duration.ofSeconds(3), Duration.ofSeconds(120));
		int quiet = WarmUp.afterProbe(WarmUp.afterProbe(0, 10), 50);

		assertThat(quiet).isEqualTo(2);
		assertThat(WarmUp.afterProbe(quiet, 51)).as("a busy probe starts over").isZero();
		assertThat(warmUp.done(Duration.ofSeconds(2), quiet)).as("before its minimum").isFalse();
		assertThat(warmUp.done(Duration.ofSeconds(3), quiet)).isTrue();
		assertThat(warmUp.done(Duration.ofSeconds(60), 1)).as("one quiet probe").isFalse();
		assertThat(warmUp.done(Duration.ofSeconds(120), 0)).as("at its maximum").isTrue();
	}

}
