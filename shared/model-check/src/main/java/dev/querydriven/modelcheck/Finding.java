package dev.querydriven.modelcheck;

import java.util.Objects;

/**
 * One thing the model check found.
 *
 * @param verdict {@code fail} or {@code warn}
 * @param check the check that found it
 * @param rule the rule broken, e.g. {@code unbounded-partition} (an exemption may name it
 * instead of the whole check)
 * @param subject what it is about: a query id ({@code Q3}) or a table
 * @param table the table concerned, or {@code null} for the keyspace as a whole
 * @param problem what is wrong, with the numbers
 * @param why why it matters, in the reference texts' words
 * @param fix how to fix it, in CQL and the pattern's name
 * @param docs where this repository documents the pattern of the fix, or {@code null}
 */
public record Finding(Verdict verdict, Check check, String rule, String subject, String table, String problem,
		String why, String fix, DocLink docs) {

	public Finding {
		Objects.requireNonNull(verdict, "verdict");
		Objects.requireNonNull(check, "check");
		Objects.requireNonNull(rule, "rule");
		Objects.requireNonNull(subject, "subject");
		Objects.requireNonNull(problem, "problem");
		why = (why != null) ? why : "";
		fix = (fix != null) ? fix : "";
	}

	/**
	 * A finding whose fix links no documentation.
	 * @param verdict {@code fail} or {@code warn}
	 * @param check the check that found it
	 * @param rule the rule broken
	 * @param subject a query id or a table
	 * @param table the table concerned, or {@code null}
	 * @param problem what is wrong
	 * @param why why it matters
	 * @param fix how to fix it
	 */
	public Finding(Verdict verdict, Check check, String rule, String subject, String table, String problem, String why,
			String fix) {
		this(verdict, check, rule, subject, table, problem, why, fix, null);
	}

}
