package dev.querydriven.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.querydriven.benchmarks.api.WorkloadInfo;

/**
 * Everything measured for one workload.
 *
 * @param info the workload
 * @param statements the statements one request executes (captured from the service), with
 * how many times per request, on average
 * @param stages the stages of a request (statements waiting for an earlier response), on
 * average
 * @param captureWarnings problems found while capturing (e.g. a created id that no
 * statement bound)
 * @param runs the measured windows
 * @param profiles profiles of the layers that missed their goal
 * @param intents what the write intents' statements cost the raw driver, for a write that
 * records intents; {@code null} otherwise
 * @param inputRows the rows the service layer returned for each input, in order, when
 * each ran alone to be captured: what every layer must return for the same input
 * @param peer how the request's lean peer answered against the service, before either was
 * timed; {@code null} for a request without a peer
 */
public record WorkloadResult(WorkloadInfo info, Map<String, Double> statements, double stages,
		List<String> captureWarnings, List<Run> runs, List<Profile> profiles, IntentCost intents,
		List<Integer> inputRows, PeerCheck peer) {

	public WorkloadResult {
		inputRows = List.copyOf(inputRows);
		statements = Map.copyOf(statements);
		captureWarnings = List.copyOf(captureWarnings);
		runs = List.copyOf(runs);
		profiles = List.copyOf(profiles);
	}

	/**
	 * The closed-model run of a layer.
	 * @param layer the layer
	 * @return the run, if measured
	 */
	public Optional<Run> closed(Layer layer) {
		return this.runs.stream().filter((run) -> run.layer() == layer && Run.CLOSED.equals(run.model())).findFirst();
	}

	/**
	 * This result with more runs and profiles.
	 * @param moreRuns the runs to add
	 * @param moreProfiles the profiles to add
	 * @return the new result
	 */
	public WorkloadResult with(List<Run> moreRuns, List<Profile> moreProfiles) {
		return with(moreRuns, moreProfiles, this.peer);
	}

	/**
	 * This result with more runs and profiles, and its peer's answers checked.
	 * @param moreRuns the runs to add
	 * @param moreProfiles the profiles to add
	 * @param peerCheck how the peer answered, or {@code null}
	 * @return the new result
	 */
	public WorkloadResult with(List<Run> moreRuns, List<Profile> moreProfiles, PeerCheck peerCheck) {
		List<Run> allRuns = new ArrayList<>(this.runs);
		allRuns.addAll(moreRuns);
		List<Profile> allProfiles = new ArrayList<>(this.profiles);
		allProfiles.addAll(moreProfiles);
		return new WorkloadResult(this.info, this.statements, this.stages, this.captureWarnings, allRuns, allProfiles,
				this.intents, this.inputRows, peerCheck);
	}

}
