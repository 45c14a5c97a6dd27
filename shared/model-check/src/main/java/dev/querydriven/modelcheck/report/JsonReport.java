package dev.querydriven.modelcheck.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.querydriven.modelcheck.ExemptedFinding;
import dev.querydriven.modelcheck.Finding;
import dev.querydriven.modelcheck.ModelReport;
import dev.querydriven.modelcheck.QueryAnalysis;
import dev.querydriven.modelcheck.catalog.RouteBudget;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The report as a JSON document, for tools and CI: the queries, every finding (measured
 * ones included) and the notes on what the check adapted or skipped. Its shape is
 * published as a JSON Schema (draft 2020-12), {@value #SCHEMA_RESOURCE} on the classpath,
 * described in the module's README; a test holds the output to it.
 */
final class JsonReport {

	/** The JSON Schema of the document, a classpath resource. */
	static final String SCHEMA_RESOURCE = "dev/querydriven/modelcheck/report/model-check-report.schema.json";

	/** The version of the document's shape; it changes when a field changes meaning. */
	static final int FORMAT_VERSION = 1;

	private static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	private JsonReport() {
	}

	static String write(ModelReport report) {
		List<Finding> findings = Stream.concat(report.findings().stream(), report.measuredFindings().stream()).toList();
		Map<String, Object> document = new LinkedHashMap<>();
		document.put("formatVersion", FORMAT_VERSION);
		document.put("title", report.title());
		document.put("keyspaces", report.keyspaces());
		document.put("ringNodes", report.ringNodes());
		document.put("verdict", report.failed() ? "fails" : "passes");
		Map<String, Object> counts = new LinkedHashMap<>();
		counts.put("fail", report.failures().size());
		counts.put("warn", report.warnings().size());
		counts.put("exempted", report.exempted().size());
		document.put("counts", counts);
		document.put("queries", report.queries().stream().map(JsonReport::query).toList());
		document.put("routes", report.routes().stream().map(JsonReport::route).toList());
		document.put("findings", findings.stream().map(JsonReport::finding).toList());
		document.put("exempted", report.exempted().stream().map(JsonReport::exempted).toList());
		document.put("notes", report.notes());
		return MAPPER.writeValueAsString(document) + "\n";
	}

	private static Map<String, Object> query(QueryAnalysis query) {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("id", query.pattern().id());
		json.put("description", query.pattern().description());
		json.put("table", query.pattern().table());
		json.put("statement", query.statement());
		json.put("cql", query.pattern().cql());
		json.put("partitions", query.partitions());
		json.put("order", query.order());
		json.put("evidence", query.evidence());
		return json;
	}

	private static Map<String, Object> route(RouteBudget route) {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("route", route.route());
		json.put("budget", route.budget());
		json.put("worstCase", route.worstCase());
		json.put("why", route.why());
		return json;
	}

	private static Map<String, Object> finding(Finding finding) {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("verdict", finding.verdict().label());
		json.put("check", finding.check().id());
		json.put("rule", finding.rule());
		json.put("subject", finding.subject());
		json.put("table", finding.table());
		json.put("problem", finding.problem());
		json.put("why", finding.why());
		json.put("fix", finding.fix());
		if (finding.docs() == null) {
			json.put("docs", null);
		}
		else {
			Map<String, Object> docs = new LinkedHashMap<>();
			docs.put("title", finding.docs().title());
			docs.put("path", finding.docs().path());
			json.put("docs", docs);
		}
		return json;
	}

	private static Map<String, Object> exempted(ExemptedFinding exempted) {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("finding", finding(exempted.finding()));
		json.put("exemptedFrom", exempted.exemption().check());
		json.put("reason", exempted.exemption().reason());
		return json;
	}

}
