package dev.querydriven.modelcheck;

import java.util.List;
import java.util.stream.Stream;

import dev.querydriven.modelcheck.catalog.RouteBudget;

/**
 * The result of a model check: every query and table analysed, and every finding. Render
 * it with {@link dev.querydriven.modelcheck.report.ReportRenderer}.
 *
 * @param title what was checked, e.g. the service's name
 * @param keyspaces the keyspaces checked (tables are named {@code keyspace.table} when
 * there are several)
 * @param ringNodes the nodes of the simulated ring
 * @param testsChecked whether the check looked for each query's tests
 * @param queries the catalogued queries, in catalogue order
 * @param tables the keyspace's tables, by name
 * @param views the keyspace's materialized views, by name
 * @param findings the findings, failures first (measured ones excluded)
 * @param exempted the findings covered by a reviewed exemption
 * @param measured the measured tables (empty when nothing was measured)
 * @param measuredFindings the findings of the measured-reality check
 * @param notes what the check could not do, and why (e.g. no compiled tests)
 * @param measuredNotes what the measured-reality check could not do (e.g. no JMX, no
 * data)
 * @param routes the HTTP routes' partition budgets, as the catalogue declares them
 */
public record ModelReport(String title, List<String> keyspaces, int ringNodes, boolean testsChecked,
		List<QueryAnalysis> queries, List<TableAnalysis> tables, List<String> views, List<Finding> findings,
		List<ExemptedFinding> exempted, List<MeasuredTable> measured, List<Finding> measuredFindings,
		List<String> notes, List<String> measuredNotes, List<RouteBudget> routes) {

	public ModelReport {
		routes = List.copyOf(routes);
		keyspaces = List.copyOf(keyspaces);
		queries = List.copyOf(queries);
		tables = List.copyOf(tables);
		views = List.copyOf(views);
		findings = List.copyOf(findings);
		exempted = List.copyOf(exempted);
		measured = List.copyOf(measured);
		measuredFindings = List.copyOf(measuredFindings);
		notes = List.copyOf(notes);
		measuredNotes = List.copyOf(measuredNotes);
	}

	/**
	 * A report of a catalogue that declares no route budgets.
	 * @param title what was checked
	 * @param keyspaces the keyspaces checked
	 * @param ringNodes the nodes of the simulated ring
	 * @param testsChecked whether the check looked for each query's tests
	 * @param queries the catalogued queries
	 * @param tables the keyspace's tables
	 * @param views the keyspace's materialized views
	 * @param findings the findings
	 * @param exempted the exempted findings
	 * @param measured the measured tables
	 * @param measuredFindings the findings of the measured-reality check
	 * @param notes what the check could not do
	 * @param measuredNotes what the measured-reality check could not do
	 */
	public ModelReport(String title, List<String> keyspaces, int ringNodes, boolean testsChecked,
			List<QueryAnalysis> queries, List<TableAnalysis> tables, List<String> views, List<Finding> findings,
			List<ExemptedFinding> exempted, List<MeasuredTable> measured, List<Finding> measuredFindings,
			List<String> notes, List<String> measuredNotes) {
		this(title, keyspaces, ringNodes, testsChecked, queries, tables, views, findings, exempted, measured,
				measuredFindings, notes, measuredNotes, List.of());
	}

	/**
	 * Every {@code fail} that no exemption covers, measured ones included: what fails the
	 * build.
	 * @return the failures
	 */
	public List<Finding> failures() {
		return Stream.concat(this.findings.stream(), this.measuredFindings.stream())
			.filter((finding) -> finding.verdict() == Verdict.FAIL)
			.toList();
	}

	/**
	 * Every {@code warn}, measured ones included.
	 * @return the warnings
	 */
	public List<Finding> warnings() {
		return Stream.concat(this.findings.stream(), this.measuredFindings.stream())
			.filter((finding) -> finding.verdict() == Verdict.WARN)
			.toList();
	}

	/**
	 * Whether the model breaks a rule.
	 * @return {@code true} when there is a failure
	 */
	public boolean failed() {
		return !failures().isEmpty();
	}

	/**
	 * The findings about one subject (a query id or a table), measured ones included.
	 * @param subject the query id or table
	 * @return its findings
	 */
	public List<Finding> findingsAbout(String subject) {
		return Stream.concat(this.findings.stream(), this.measuredFindings.stream())
			.filter((finding) -> finding.subject().equals(subject) || subject.equals(finding.table()))
			.toList();
	}

	/**
	 * One line for logs and the command line.
	 * @return e.g. {@code 2 fail, 3 warn, 1 exempted}
	 */
	public String summary() {
		return failures().size() + " fail, " + warnings().size() + " warn, " + this.exempted.size() + " exempted";
	}

}
