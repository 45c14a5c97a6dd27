package dev.querydriven.benchmarks.report;

/**
 * A lean peer's answers held against its service's before either was timed.
 *
 * @param inputs how many inputs were compared
 * @param difference the first difference, or {@code null} when every answer was equal
 */
public record PeerCheck(int inputs, String difference) {

	/**
	 * Whether the peer answered every input as its service did.
	 * @return true for equal answers
	 */
	public boolean equal() {
		return this.difference == null;
	}

}
