package dev.querydriven.modelcheck;

/**
 * How serious a finding is.
 */
public enum Verdict {

	/**
	 * The model breaks a rule: the build fails (unless a reviewed exemption covers it).
	 */
	FAIL,

	/** A risk to review: shown in the report with its fix, the build goes on. */
	WARN;

	/**
	 * The verdict as the report writes it.
	 * @return {@code fail} or {@code warn}
	 */
	public String label() {
		return name().toLowerCase(java.util.Locale.ROOT);
	}

}
