package dev.querydriven.benchmarks.report;

import java.time.Instant;
import java.util.List;

import dev.querydriven.benchmarks.SuiteSettings;
import dev.querydriven.benchmarks.measure.Machine;

/**
 * Everything a run measured, as written to {@code results.json}.
 *
 * @param mode {@code full} or {@code smoke}
 * @param started when the run started
 * @param minutes how long it took, loading included
 * @param machine the machine
 * @param loadAverageAtEnd the load average when the run ended
 * @param settings how it measured
 * @param services each service's results
 * @param gatlingReports Gatling's HTML reports, relative to the output directory
 * @param notes anything a reader should know
 */
public record SuiteResult(String mode, Instant started, double minutes, Machine machine, String loadAverageAtEnd,
		SuiteSettings settings, List<ServiceResult> services, List<String> gatlingReports, List<String> notes) {

	public SuiteResult {
		services = List.copyOf(services);
		gatlingReports = List.copyOf(gatlingReports);
		notes = List.copyOf(notes);
	}

	/**
	 * Every workload of every service.
	 * @return the workloads, in order
	 */
	public List<WorkloadResult> workloads() {
		return this.services.stream().flatMap((service) -> service.workloads().stream()).toList();
	}

}
