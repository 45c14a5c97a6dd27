package dev.querydriven.testsupport.conformance;

import java.util.Objects;

/**
 * A warning of the model check that a service accepts, with the reason (its README
 * defends the design): the conformance suite fails on any other warning, and on an
 * accepted one the check no longer reports.
 *
 * @param subject what the warning is about: a table or a query id, e.g.
 * {@code orders_by_status}
 * @param rule the rule it names, e.g. {@code tombstones}
 * @param reason why the design stands
 */
public record AcceptedWarning(String subject, String rule, String reason) {

	public AcceptedWarning {
		Objects.requireNonNull(subject, "subject");
		Objects.requireNonNull(rule, "rule");
		if (reason == null || reason.isBlank()) {
			throw new IllegalArgumentException("Say why the warning about " + subject + " is accepted");
		}
	}

}
