package dev.querydriven.processtests.faults;

import java.util.List;
import java.util.Objects;

/**
 * Every write a load acknowledged, read back: how many were found whole (the source and
 * every copy, as promised), how many were not, and what the first few of those lacked.
 *
 * @param load the load whose writes these are
 * @param verified the writes found whole
 * @param missing the writes with at least one row absent or not as promised
 * @param examples the first few of those, each with what it lacked
 */
record Readback(ServiceLoad load, int verified, int missing, List<String> examples) {

	private static final int EXAMPLES = 5;

	/**
	 * Reads back every write a load acknowledged.
	 * @param load the load, stopped
	 * @param reads where the rows are read
	 * @return what was found
	 */
	static Readback of(ServiceLoad load, RowChecks.Reads reads) {
		// Two threads at a time: the reads are small and local to one node.
		List<String> lacking = load.acknowledged().parallelStream().map((write) -> {
			RowChecks checks = new RowChecks(reads);
			try {
				write.rows().accept(checks);
			}
			catch (RuntimeException ex) {
				// A read that failed proves nothing: the write counts as not found.
				return write.description() + ": " + checks.missing() + ", then " + ex;
			}
			return checks.missing().isEmpty() ? null : write.description() + ": " + checks.missing();
		}).filter(Objects::nonNull).toList();
		int acknowledged = load.acknowledged().size();
		return new Readback(load, acknowledged - lacking.size(), lacking.size(),
				lacking.subList(0, Math.min(EXAMPLES, lacking.size())));
	}

}
