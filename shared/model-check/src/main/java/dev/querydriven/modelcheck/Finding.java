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
 * @param fix how to fix it
 */
public record Finding(Verdict verdict, Check check, String rule, String subject, String table, String problem,
		String why, String fix) {

	public Finding {
		Objects.requireNonNull(verdict, "verdict");
		Objects.requireNonNull(check, "check");
		Objects.requireNonNull(rule, "rule");
		Objects.requireNonNull(subject, "subject");
		Objects.requireNonNull(problem, "problem");
		why = (why != null) ? why : "";
		fix = (fix != null) ? fix : "";
	}

}
