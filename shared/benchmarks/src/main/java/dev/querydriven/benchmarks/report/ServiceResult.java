package dev.querydriven.benchmarks.report;

import java.util.List;
import java.util.Map;

import dev.querydriven.benchmarks.api.DataSet;

/**
 * Everything measured for one service.
 *
 * @param service the service
 * @param data the data set the workloads drew from (written to the HTTP plan)
 * @param loaded what was loaded, e.g. "1,000 users, 20,000 follows, 5,000 posts"
 * @param startSeconds how long the in-process service took to start
 * @param loadSeconds how long loading took
 * @param workloads the workloads' results
 * @param notes anything the reader should know about this service's runs
 */
public record ServiceResult(String service, DataSet data, Map<String, Long> loaded, double startSeconds,
		double loadSeconds, List<WorkloadResult> workloads, List<String> notes) {

	public ServiceResult {
		loaded = Map.copyOf(loaded);
		workloads = List.copyOf(workloads);
		notes = List.copyOf(notes);
	}

}
