package dev.querydriven.benchmarks.report;

import java.util.Map;

import dev.querydriven.benchmarks.measure.CpuShares;
import dev.querydriven.benchmarks.measure.Latency;
import dev.querydriven.benchmarks.measure.Outcome;
import dev.querydriven.benchmarks.measure.Roles;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The client CPU a request costs each layer, the measured cause of a missed goal.
 */
class ClientCpuTests {

	/**
	 * Each layer counts its own client process: the generator for the raw driver, the
	 * shared JVM for the service layer, the service JVM alone for HTTP.
	 */
	@Test
	void eachLayerCountsItsClientProcess() {
		CpuShares shares = new CpuShares(
				Map.of(Roles.GENERATOR, 0.25, Roles.GENERATOR_AND_SERVICE, 0.5, Roles.SERVICE, 0.6, Roles.NODE, 0.4), 0,
				0);

		assertThat(ClientCpu.perRequest(run(Layer.DRIVER, 5000, shares), 2)).isEqualTo(0.1, Offset.offset(1e-9));
		assertThat(ClientCpu.perRequest(run(Layer.SERVICE, 2500, shares), 2)).isEqualTo(0.4, Offset.offset(1e-9));
		assertThat(ClientCpu.perRequest(run(Layer.HTTP, 300, shares), 2)).isEqualTo(4.0, Offset.offset(1e-9));
	}

	/**
	 * A window whose CPU was not measured has no cost per request, rather than a wrong
	 * one.
	 */
	@Test
	void unmeasuredCpuIsNotANumber() {
		assertThat(ClientCpu.perRequest(run(Layer.DRIVER, 5000, CpuShares.UNKNOWN), 2)).isNaN();
	}

	private static Run run(Layer layer, double throughput, CpuShares cpu) {
		Outcome outcome = new Outcome(5, (long) (throughput * 5), 0, 0, 0, throughput, new Latency(1, 1, 1, 1, 1), 1,
				Map.of());
		return new Run("s/w", layer, Run.CLOSED, 64, 0, outcome, cpu, 0, 5, 0, null);
	}

}
